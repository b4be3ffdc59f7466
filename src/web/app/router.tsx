import { createBrowserRouter, Navigate, useLocation } from 'react-router';
import { bookDetailQuery, bookPageQuery } from '@web/features/catalog/api';
import { parseCatalogParams, toBookQuery } from '@domain/catalog-params';
import { latestBooksQuery } from '@web/features/home/api';
import { GuestOnly, RequireAuth } from './guards';
import { Layout } from './layout';
import { queryClient } from './providers';
import { RouteError } from './route-error';

// Every route of spec section 2. Pages load lazily so each route ships only its own code.
type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

function BooksSearchRedirect() {
  // /books/search is listed in the spec without content: it is All Books with the same query.
  const location = useLocation();
  return <Navigate to={`/books${location.search}`} replace />;
}

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      {
        // A page that fails to load or render shows an error inside the layout (header kept).
        errorElement: <RouteError />,
        children: [
          // The page's first data request starts with its chunk, not after it arrived (lazy
          // stays right after index/path: scripts/page-sizes.mjs reads the routes from here).
          {
            index: true,
            lazy: page(() => import('@web/features/home/pages/home-page')),
            loader: () => {
              void queryClient.prefetchQuery(latestBooksQuery);
              return null;
            },
          },
          { path: 'how-it-works', lazy: page(() => import('@web/features/info/pages/how-it-works-page')) },
          { path: 'shipping', lazy: page(() => import('@web/features/info/pages/shipping-page')) },
          { path: 'contact', lazy: page(() => import('@web/features/info/pages/contact-page')) },
          { path: 'privacy', lazy: page(() => import('@web/features/info/pages/privacy-page')) },
          { path: 'terms', lazy: page(() => import('@web/features/info/pages/terms-page')) },
          { path: 'cookies', lazy: page(() => import('@web/features/info/pages/cookies-page')) },
          { path: 'sell-books', lazy: page(() => import('@web/features/info/pages/sell-books-page')) },

          // As on the home page: the listing request leaves with the page's chunk.
          {
            path: 'books',
            lazy: page(() => import('@web/features/catalog/pages/all-books-page')),
            loader: ({ request }) => {
              const params = parseCatalogParams(new URL(request.url).searchParams);
              void queryClient.prefetchQuery(bookPageQuery(toBookQuery(params)));
              return null;
            },
          },
          { path: 'books/search', element: <BooksSearchRedirect /> },
          {
            path: 'books/category/:category',
            lazy: page(() => import('@web/features/catalog/pages/category-page')),
          },
          { path: 'owner/:ownerId', lazy: page(() => import('@web/features/catalog/pages/owner-page')) },
          {
            path: 'forgot-password',
            lazy: page(() => import('@web/features/account/pages/forgot-password-page')),
          },
          {
            path: 'confirm-email',
            lazy: page(() => import('@web/features/account/pages/confirm-email-page')),
          },
          {
            path: 'reset-password',
            lazy: page(() => import('@web/features/account/pages/reset-password-page')),
          },
          // Shows 'Please sign in to edit your profile' to guests itself (spec), so it is not guarded.
          { path: 'profile/edit', lazy: page(() => import('@web/features/account/pages/edit-profile-page')) },

          {
            element: <GuestOnly />,
            children: [
              { path: 'signin', lazy: page(() => import('@web/features/account/pages/sign-in-page')) },
              { path: 'signup', lazy: page(() => import('@web/features/account/pages/sign-up-page')) },
            ],
          },
          {
            element: <RequireAuth />,
            children: [
              {
                path: 'books/manage',
                lazy: page(() => import('@web/features/books/pages/manage-books-page')),
              },
              { path: 'books/new', lazy: page(() => import('@web/features/books/pages/new-book-page')) },
              // Shelf import: a CSV becomes drafts the owner lists from there.
              {
                path: 'books/import',
                lazy: page(() => import('@web/features/books/pages/import-books-page')),
              },
              {
                path: 'books/:bookId/edit',
                lazy: page(() => import('@web/features/books/pages/edit-book-page')),
              },
              { path: 'cart', lazy: page(() => import('@web/features/cart/pages/cart-page')) },
              { path: 'checkout', lazy: page(() => import('@web/features/checkout/pages/checkout-page')) },
              {
                path: 'order-confirmation',
                lazy: page(() => import('@web/features/checkout/pages/order-confirmation-page')),
              },
              { path: 'my-orders', lazy: page(() => import('@web/features/orders/pages/my-orders-page')) },
              { path: 'earnings', lazy: page(() => import('@web/features/payments/pages/earnings-page')) },
              {
                path: 'my-waitlist',
                lazy: page(() => import('@web/features/waitlist/pages/my-waitlist-page')),
              },
              { path: 'wanted', lazy: page(() => import('@web/features/wanted/pages/wanted-page')) },
              // Members choose their channels
              {
                path: 'profile/notifications',
                lazy: page(() => import('@web/features/notices/pages/notifications-page')),
              },
              {
                path: 'orders/:orderId',
                lazy: page(() => import('@web/features/orders/pages/order-detail-page')),
              },
              { path: 'admin', lazy: page(() => import('@web/features/admin/pages/admin-page')) },
              { path: 'messages', lazy: page(() => import('@web/features/messages/pages/messages-page')) },
              {
                path: 'messages/book/:bookId',
                lazy: page(() => import('@web/features/messages/pages/ask-owner-page')),
              },
              {
                path: 'messages/:threadId',
                lazy: page(() => import('@web/features/messages/pages/thread-page')),
              },
            ],
          },
          {
            path: 'books/:bookId',
            lazy: page(() => import('@web/features/catalog/pages/book-detail-page')),
            loader: ({ params }) => {
              if (params.bookId) void queryClient.prefetchQuery(bookDetailQuery(params.bookId));
              return null;
            },
          },
          { path: '*', lazy: page(() => import('@web/features/info/pages/not-found-page')) },
        ],
      },
    ],
  },
]);
