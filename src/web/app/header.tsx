import { LibraryBig, LogIn, Menu, ShoppingBag, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { LanguageSwitcher } from '@web/components/language-switcher';
import { cn } from '@web/components/ui/cn';
import { useCartCount } from '@web/features/cart/api';
import { useUnreadCounts } from '@web/features/messages/api';
import { useSession } from '@web/lib/session';

/** The signed-in member's menu: its own chunk, so a guest's first page does not carry it. */
const AccountMenu = lazy(() => import('./account-menu'));

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

  return (
    <Suspense fallback={<span className="size-10" aria-hidden />}>
      <AccountMenu user={user} isAdmin={isAdmin} unread={unread} />
    </Suspense>
  );
}
