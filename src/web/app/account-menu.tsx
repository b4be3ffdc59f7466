import '@web/lib/words/payments';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQueryClient } from '@tanstack/react-query';
import {
  BellRing,
  BookOpen,
  BookPlus,
  LayoutDashboard,
  ListOrdered,
  LogOut,
  MessagesSquare,
  Package,
  UserPen,
  UserRound,
  Wallet,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { SignOutAnswer } from '@domain/auth-types';
import { authApi } from '@web/lib/api';
import { clearMemberCaches, noteSession } from '@web/lib/offline-cache';
import { isMemberData } from '@web/lib/query-keys';
import { broadcastAuthChange, sessionQuery, type useSession } from '@web/lib/session';

// The signed-in member's account menu, a chunk of its own loaded by the header (app/header.tsx)
// once someone is signed in: a guest's first page does not carry the menu library.

type Props = { user: NonNullable<ReturnType<typeof useSession>['user']>; isAdmin: boolean; unread: number };

export default function AccountMenu({ user, isAdmin, unread }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

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
          {/* Unread messages show on the account menu. */}
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
