// The app's page paths with parameters, built in one place (the router in app/router.tsx declares
// the same patterns; scripts/page-sizes.mjs reads them there, so they stay literal in it).

export const paths = {
  book: (id: string) => `/books/${id}`,
  editBook: (id: string) => `/books/${id}/edit`,
  category: (category: string) => `/books/category/${encodeURIComponent(category)}`,
  owner: (id: string) => `/owner/${id}`,
  order: (id: string) => `/orders/${id}`,
  thread: (id: string) => `/messages/${id}`,
  askOwner: (bookId: string) => `/messages/book/${bookId}`,
};
