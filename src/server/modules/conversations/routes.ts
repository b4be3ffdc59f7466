import { countedPageSchema, cursorQuerySchema } from '@domain/cursor-page';
import {
  messageInputSchema,
  messagePageQuerySchema,
  messagePageSchema,
  threadSummarySchema,
  threadViewSchema,
  unreadCountsSchema,
  unreadQuerySchema,
} from '@domain/conversation';
import {
  adminRoute,
  codeAnswer,
  jsonAnswer,
  jsonBody,
  memberRoute,
  router,
  uuidParam,
  z,
} from '@server/lib/openapi';
import { notOnOrder, orderNotFound, orderParams } from '@server/lib/order-routes';
import {
  getBookThread,
  getMessages,
  getOrderThread,
  getThread,
  listThreads,
  markThreadRead,
  postToBook,
  postToOrder,
  postToThread,
  recentThreads,
  unreadCounts,
} from './service';

// Conversations: an order's, a member's about a book, and any one by its id. Only the
// conversation's members and admins reach one; everybody else gets 403.

const tags = ['Conversations'];
const threadParams = z.object({ id: uuidParam('THREAD_NOT_FOUND') });
const bookParams = z.object({ id: uuidParam('BOOK_NOT_FOUND') });
const threadNotFound = codeAnswer('THREAD_NOT_FOUND');
const notInThread = codeAnswer('THREAD_FORBIDDEN');
const bookNotFound = codeAnswer('BOOK_NOT_FOUND');
const ownBook = codeAnswer('OWN_BOOK_QUESTION');
const tooMany = codeAnswer(['TOO_MANY_MESSAGES', { minutes: 1 }]);
const list = countedPageSchema(threadSummarySchema);

const orderThread = memberRoute({
  method: 'get',
  path: '/orders/{id}/conversation',
  tags,
  summary: "The order's conversation (borrower, owner, admins)",
  request: { params: orderParams },
  responses: { 200: jsonAnswer(threadViewSchema, 'The conversation'), 403: notOnOrder, 404: orderNotFound },
});

const postOrder = memberRoute({
  method: 'post',
  path: '/orders/{id}/conversation',
  tags,
  summary: "Write in the order's conversation",
  request: { params: orderParams, body: jsonBody(messageInputSchema) },
  responses: {
    201: jsonAnswer(threadViewSchema, 'The conversation'),
    403: notOnOrder,
    404: orderNotFound,
    429: tooMany,
  },
});

const bookThread = memberRoute({
  method: 'get',
  path: '/books/{id}/conversation',
  tags,
  summary: "The member's conversation with the book's owner about it (Ask the owner)",
  request: { params: bookParams },
  responses: { 200: jsonAnswer(threadViewSchema, 'The conversation'), 404: bookNotFound, 409: ownBook },
});

const postBook = memberRoute({
  method: 'post',
  path: '/books/{id}/conversation',
  tags,
  summary: "Ask the book's owner: starts or continues the member's conversation about it",
  request: { params: bookParams, body: jsonBody(messageInputSchema) },
  responses: {
    201: jsonAnswer(threadViewSchema, 'The conversation'),
    404: bookNotFound,
    409: ownBook,
    429: tooMany,
  },
});

const mine = memberRoute({
  method: 'get',
  path: '/conversations',
  tags,
  summary:
    "The member's conversations, newest message first, with their unread counts: keyset pages of 20 by `cursor`",
  request: { query: cursorQuerySchema },
  responses: { 200: jsonAnswer(list, 'One page, newest first'), 400: codeAnswer('INVALID_CURSOR') },
});

const unread = memberRoute({
  method: 'get',
  path: '/conversations/unread',
  tags,
  summary:
    'Unread messages in all (account menu) and per order for the orders named in `orders` (order lists): kept counts, the same cost however many conversations',
  request: { query: unreadQuerySchema },
  responses: { 200: jsonAnswer(unreadCountsSchema, 'Counts') },
});

const one = memberRoute({
  method: 'get',
  path: '/conversations/{id}',
  tags,
  summary: 'One conversation, for its members and admins',
  request: { params: threadParams },
  responses: { 200: jsonAnswer(threadViewSchema, 'The conversation'), 403: notInThread, 404: threadNotFound },
});

const page = memberRoute({
  method: 'get',
  path: '/conversations/{id}/messages',
  tags,
  summary:
    "A page of the conversation's messages: pages run newest first by `cursor` (absent: the latest, as the conversation's own answer carries it; `nextCursor` reads older ones), a page's items oldest first",
  request: { params: threadParams, query: messagePageQuerySchema },
  responses: {
    200: jsonAnswer(messagePageSchema, 'One page, its items oldest first'),
    400: codeAnswer('INVALID_CURSOR'),
    403: notInThread,
    404: threadNotFound,
  },
});

const postOne = memberRoute({
  method: 'post',
  path: '/conversations/{id}/messages',
  tags,
  summary: 'Write in a conversation (an admin writes as Rakbuku)',
  request: { params: threadParams, body: jsonBody(messageInputSchema) },
  responses: {
    201: jsonAnswer(threadViewSchema, 'The conversation'),
    403: notInThread,
    404: threadNotFound,
    429: tooMany,
  },
});

const read = memberRoute({
  method: 'post',
  path: '/conversations/{id}/read',
  tags,
  summary: 'Mark the conversation read for the member who saw it',
  request: { params: threadParams },
  responses: { 200: jsonAnswer(unreadCountsSchema, 'Counts after'), 403: notInThread, 404: threadNotFound },
});

const inbox = adminRoute({
  method: 'get',
  path: '/admin/conversations',
  tags,
  summary:
    "The admins' inbox: every member's conversations, newest message first: keyset pages of 20 by `cursor`",
  request: { query: cursorQuerySchema },
  responses: { 200: jsonAnswer(list, 'One page, newest first'), 400: codeAnswer('INVALID_CURSOR') },
});

export function conversationsRoutes() {
  return router()
    .openapi(orderThread, async (c) => {
      return c.json(await getOrderThread(c.get('deps').db, c.get('user'), c.req.valid('param').id), 200);
    })
    .openapi(postOrder, async (c) => {
      const { body } = c.req.valid('json');
      return c.json(await postToOrder(c.get('deps'), c.get('user'), c.req.valid('param').id, body), 201);
    })
    .openapi(bookThread, async (c) => {
      return c.json(await getBookThread(c.get('deps').db, c.get('user'), c.req.valid('param').id), 200);
    })
    .openapi(postBook, async (c) => {
      const { body } = c.req.valid('json');
      return c.json(await postToBook(c.get('deps'), c.get('user'), c.req.valid('param').id, body), 201);
    })
    .openapi(mine, async (c) =>
      c.json(await listThreads(c.get('deps').db, c.get('user'), c.req.valid('query')), 200),
    )
    .openapi(unread, async (c) => {
      const { orders } = c.req.valid('query');
      return c.json(
        await unreadCounts(c.get('deps').db, c.get('user').id, orders ? orders.split(',') : []),
        200,
      );
    })
    .openapi(one, async (c) => {
      return c.json(await getThread(c.get('deps').db, c.get('user'), c.req.valid('param').id), 200);
    })
    .openapi(page, async (c) => {
      const { cursor } = c.req.valid('query');
      return c.json(await getMessages(c.get('deps').db, c.get('user'), c.req.valid('param').id, cursor), 200);
    })
    .openapi(postOne, async (c) => {
      const { body } = c.req.valid('json');
      return c.json(await postToThread(c.get('deps'), c.get('user'), c.req.valid('param').id, body), 201);
    })
    .openapi(read, async (c) => {
      return c.json(await markThreadRead(c.get('deps').db, c.get('user'), c.req.valid('param').id), 200);
    })
    .openapi(inbox, async (c) =>
      c.json(await recentThreads(c.get('deps').db, c.get('user'), c.req.valid('query')), 200),
    );
}

export type ConversationsApi = ReturnType<typeof conversationsRoutes>;
