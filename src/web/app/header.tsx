import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQueryClient } from '@tanstack/react-query';
import {
  BookOpen,
  BookPlus,
  LayoutDashboard,
  LibraryBig,
  BellRing,
  ListOrdered,
  LogIn,
  LogOut,
  Menu,
  MessagesSquare,
  Package,
  ShoppingBag,
  UserRound,
  UserPen,
  Wallet,
  X,
} from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import type { SignOutAnswer } from '@domain/auth-types';
import { LanguageSwitcher } from '@web/components/language-switcher';
import { cn } from '@web/components/ui/cn';
import { useCartCount } from '@web/features/cart/api';
import { useUnreadCounts } from '@web/features/messages/api';
import { authApi } from '@web/lib/api';
import { isMemberData } from '@web/lib/query-keys';
import { clearMemberCaches, noteSession } from '@web/lib/offline-cache';
import { broadcastAuthChange, sessionQuery, useSession } from '@web/lib/session';

const NAV = [
  { to: '/', key: 'home', end: true },
  { to: '/books', key: 'allBooks', end: true },
  { to: '/books/category/Children', key: 'children' },
  { to: '/books/category/Teen', key: 'teen' },
  { to: '/books/category/Adult', key: 'adult' },
  { to: '/how-it-works', key: 'howItWorks' },
] as const;

export function Header() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  // A page change closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <button
          type="button"
          className="-ml-2 rounded-lg p-2 text-stone-700 hover:bg-stone-100 lg:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-nav"
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
        </button>
        <Link to="/" className="flex items-center gap-2 text-xl font-bold tracking-tight text-brand-800">
          <LibraryBig className="size-7 text-brand-600" aria-hidden />
          {t('appName')}
        </Link>
        <MainNav variant="bar" />
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <LanguageSwitcher variant="header" />
          <CartLink />
          {/* As wide as the widest of its states (loading, "Sign in", the avatar), so the cart
              beside it never moves when the session arrives (no layout shift). */}
          <div className="flex min-w-10 justify-end sm:min-w-[6.5rem]">
            <AccountControls />
          </div>
        </div>
      </div>
      {menuOpen && <MainNav variant="menu" />}
    </header>
  );
}

const NAV_STYLES = {
  // The desktop bar beside the logo.
  bar: {
    nav: 'ml-4 hidden lg:block',
    list: 'flex items-center gap-1',
    link: 'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    idle: 'text-stone-600 hover:bg-stone-100 hover:text-stone-900',
  },
  // The phone menu under the header, opened by the menu button.
  menu: {
    nav: 'border-t border-stone-200 bg-white lg:hidden',
    list: 'mx-auto max-w-7xl px-4 py-2',
    link: 'block rounded-lg px-3 py-3 text-base font-medium',
    idle: 'text-stone-700 hover:bg-stone-100',
  },
} as const;

function MainNav({ variant }: { variant: keyof typeof NAV_STYLES }) {
  const { t } = useTranslation();
  const style = NAV_STYLES[variant];
  return (
    <nav id={variant === 'menu' ? 'mobile-nav' : undefined} aria-label={t('nav.main')} className={style.nav}>
      <ul className={style.list}>
        {NAV.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={'end' in item}
              className={({ isActive }) =>
                cn(style.link, isActive ? 'bg-brand-50 text-brand-800' : style.idle)
              }
            >
              {t(`nav.${item.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function CartLink() {
  const { t } = useTranslation();
  const { user } = useSession();
  const count = useCartCount();
  return (
    <Link
      to="/cart"
      className="relative rounded-lg p-2 text-stone-700 hover:bg-stone-100"
      aria-label={user ? t('nav.cartWithCount', { count }) : t('nav.cart')}
    >
      <ShoppingBag className="size-6" aria-hidden />
      {/* A guest has no cart yet: no count to show. */}
      {user && (
        <span
          data-testid="cart-count"
          className={cn(
            'absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full px-1 text-xs leading-5 font-semibold',
            count > 0 ? 'bg-brand-700 text-white' : 'bg-stone-200 text-stone-600',
          )}
        >
          {count}
        </span>
      )}
    </Link>
  );
}

function AccountControls() {
  const { t } = useTranslation();
  const { user, isAdmin, isLoading } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const unread = useUnreadCounts().data?.total ?? 0;

  if (isLoading) return <span className="size-10" aria-hidden />;
  if (!user) {
    return (
      <Link
        to="/signin"
        className="flex items-center gap-2 rounded-lg p-2 text-sm font-medium text-stone-700 hover:bg-stone-100"
        aria-label={t('nav.signIn')}
      >
        <LogIn className="size-6" aria-hidden />
        <span className="hidden sm:inline">{t('nav.signIn')}</span>
      </Link>
    );
  }

  async function signOut() {
    try {
      await authApi<SignOutAnswer>('/api/auth/sign-out', { method: 'POST', body: {} });
    } catch (err) {
      // Spec: a sign-out failure is only logged; the local state is cleared anyway.
      console.error('sign-out failed', err);
    }
    // Nothing of the member stays on the device for reading offline (lib/offline-cache.ts).
    noteSession(null);
    await clearMemberCaches();
    queryClient.setQueryData(sessionQuery.queryKey, { user: null });
    queryClient.removeQueries({ predicate: (q) => isMemberData(q.queryKey) });
    broadcastAuthChange();
    navigate('/', { replace: true });
  }

  const initials = user.name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="flex items-center gap-2 rounded-full p-1 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        aria-label={
          unread > 0 ? `${t('nav.account')}, ${t('messages:unread', { count: unread })}` : t('nav.account')
        }
      >
        <span className="relative flex size-8 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white">
          {initials || <UserRound className="size-4" aria-hidden />}
          {/* D26: unread messages show on the account menu. */}
          {unread > 0 && (
            <span
              data-testid="unread-badge"
              aria-hidden
              className="absolute -top-1.5 -right-1.5 flex min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-4.5 font-semibold text-white ring-2 ring-white"
            >
              {unread}
            </span>
          )}
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-xl border border-stone-200 bg-white p-1.5 shadow-lg"
        >
          <div className="px-3 py-2">
            <p className="truncate text-sm font-semibold text-stone-900">{user.name}</p>
            <p className="truncate text-xs text-stone-500">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-stone-200" />
          <MenuLink to="/books/new" icon={<BookPlus className="size-4" aria-hidden />}>
            {t('nav.addBook')}
          </MenuLink>
          <MenuLink to="/books/manage" icon={<BookOpen className="size-4" aria-hidden />}>
            {t('nav.myBooks')}
          </MenuLink>
          <MenuLink to="/my-orders" icon={<Package className="size-4" aria-hidden />}>
            {t('nav.myOrders')}
          </MenuLink>
          <MenuLink to="/messages" icon={<MessagesSquare className="size-4" aria-hidden />}>
            <span className="flex-1">{t('messages:nav.messages')}</span>
            {unread > 0 && (
              <span
                data-testid="menu-unread"
                className="rounded-full bg-red-600 px-1.5 text-xs leading-5 font-semibold text-white"
              >
                {unread}
                <span className="sr-only"> {t('messages:unread', { count: unread })}</span>
              </span>
            )}
          </MenuLink>
          <MenuLink to="/my-waitlist" icon={<ListOrdered className="size-4" aria-hidden />}>
            {t('waitlist:mine.title')}
          </MenuLink>
          <MenuLink to="/wanted" icon={<BellRing className="size-4" aria-hidden />}>
            {t('nav.wanted')}
          </MenuLink>
          <MenuLink to="/earnings" icon={<Wallet className="size-4" aria-hidden />}>
            {t('payments:nav.earnings')}
          </MenuLink>
          <MenuLink to="/profile/edit" icon={<UserPen className="size-4" aria-hidden />}>
            {t('nav.editProfile')}
          </MenuLink>
          {isAdmin && (
            <MenuLink to="/admin" icon={<LayoutDashboard className="size-4" aria-hidden />}>
              {t('nav.adminDashboard')}
            </MenuLink>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-stone-200" />
          <DropdownMenu.Item
            onSelect={() => void signOut()}
            className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-stone-700 outline-none data-[highlighted]:bg-stone-100"
          >
            <LogOut className="size-4" aria-hidden />
            {t('nav.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function MenuLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <DropdownMenu.Item asChild>
      <Link
        to={to}
        className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-stone-700 outline-none data-[highlighted]:bg-stone-100"
      >
        {icon}
        {children}
      </Link>
    </DropdownMenu.Item>
  );
}
