import { LibraryBig } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '@web/components/language-switcher';
import { useSession } from '@web/lib/session';

const COLUMNS = [
  {
    key: 'browse',
    links: [
      { to: '/books', key: 'allBooks' },
      { to: '/books/category/Children', key: 'childrensBooks' },
      { to: '/books/category/Teen', key: 'teenBooks' },
      { to: '/books/category/Adult', key: 'adultBooks' },
    ],
  },
  {
    key: 'help',
    links: [
      { to: '/shipping', key: 'shipping' },
      { to: '/contact', key: 'contact' },
      { to: '/sell-books', key: 'sellBooks' },
    ],
  },
  {
    key: 'account',
    // The guest's links; a signed-in member sees MEMBER_LINKS instead.
    links: [
      { to: '/signin', key: 'signIn' },
      { to: '/signup', key: 'register' },
    ],
  },
  {
    key: 'legal',
    links: [
      { to: '/privacy', key: 'privacy' },
      { to: '/terms', key: 'terms' },
      { to: '/cookies', key: 'cookies' },
    ],
  },
] as const;

const MEMBER_LINKS = [
  { to: '/books/manage', key: 'myBooks' },
  { to: '/my-orders', key: 'myOrders' },
  { to: '/profile/edit', key: 'editProfile' },
] as const;

export function Footer() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <footer className="mt-16 border-t border-stone-200 bg-white">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_repeat(4,1fr)] md:gap-10 lg:px-8">
        <div className="col-span-2 md:col-span-1">
          <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-800">
            <LibraryBig className="size-6 text-brand-600" aria-hidden />
            {t('appName')}
          </Link>
          <p className="mt-3 max-w-xs text-sm leading-relaxed text-stone-600">{t('footer.about')}</p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.key} aria-label={t(`footer.${column.key}`)}>
            <h2 className="text-sm font-semibold text-stone-900">{t(`footer.${column.key}`)}</h2>
            <ul className="mt-3 space-y-2">
              {(column.key === 'account' && user ? MEMBER_LINKS : column.links).map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-sm text-stone-600 hover:text-brand-700">
                    {t(`footer.${link.key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 border-t border-stone-100 px-4 py-5 text-xs text-stone-500 sm:flex-row sm:px-6 lg:px-8">
        <span>{t('footer.rights', { year: new Date().getFullYear() })}</span>
        <LanguageSwitcher variant="footer" />
      </div>
    </footer>
  );
}
