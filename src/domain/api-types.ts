import type {
  BookStatus,
  Category,
  Condition,
  DeliveryMethod,
  Language,
  OrderStatus,
  Role,
  SortKey,
} from './constants';

// Shapes the API returns, shared by the server (which builds them) and the web (which reads them).
// Money is a decimal string ("25000.00", D2); dates are ISO strings.

/** What a member can do with a book right now (D6): listings show only 'available'. */
export type Availability = 'available' | 'reserved' | 'borrowed' | 'unavailable';

export interface CoverUrls {
  card: string;
  detail: string;
}

export interface BookSummary {
  id: string;
  ownerId: string;
  title: string;
  author: string;
  category: Category;
  language: Language;
  condition: Condition;
  status: BookStatus;
  availability: Availability;
  weeklyPrice: string;
  monthlyPrice: string | null;
  cover: CoverUrls;
  createdAt: string;
}

export interface BookDetail extends BookSummary {
  summary: string | null;
  owner: OwnerCard;
}

/** The owner block on a book's page is the owner's shelf header: the server builds both the same way. */
export type OwnerCard = OwnerProfile;

export interface BookPage {
  items: BookSummary[];
  total: number;
  page: number;
  pageSize: number;
  /** Highest weekly price in the current scope, for the price slider (D4). */
  maxWeeklyPrice: string;
}

export interface BookQuery {
  q?: string;
  category?: Category;
  condition?: Condition;
  language?: Language;
  maxPrice?: string;
  sort?: SortKey;
  page?: number;
  pageSize?: number;
}

export interface Me {
  id: string;
  name: string;
  email: string;
  role: Role;
  phone: string | null;
  location: string | null;
  address: string | null;
  image: string | null;
  createdAt: string;
}

export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string>; requestId?: string };
}

export type { BookStatus, Category, Condition, DeliveryMethod, Language, OrderStatus, Role, SortKey };

/** The owner's shelf header (D19: member since and counts, no invented rating). */
export interface OwnerProfile {
  id: string;
  name: string;
  location: string | null;
  image: string | null;
  memberSince: string;
  availableBooks: number;
  /** Names of the active pickup points the owner drops books at, by name ('Pickup: ...'). */
  pickupPoints: string[];
}

/** A row of the owner's Manage books table: every book of theirs that is not deleted. */
export interface ManagedBook extends BookSummary {
  summary: string | null;
  /** True while the book is in an open order (D6): it can't be deleted or made unavailable. */
  inOpenOrder: boolean;
}

export interface PickupLocation {
  id: string;
  name: string;
  location: string;
  address: string;
  active: boolean;
}
