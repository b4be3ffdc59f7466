-- The "Lists at a million" seed (docs/performance.md): 50,000 users, 1,000,000 books (2% deleted),
-- 1,000,000 orders with one item and one email each. Run on a migrated, empty database.
insert into "user" (id, name, email, email_verified, role, location, created_at, updated_at)
select 'u' || i, 'Member ' || i || ' ' || (array['Wayan','Made','Nyoman','Ketut','Putu','Komang'])[1 + i % 6],
  'member' || i || '@example.com', true, 'user', (array['Ubud','Canggu','Sanur','Denpasar'])[1 + i % 4],
  timestamptz '2024-01-01' + i * interval '10 minutes', now()
from generate_series(1, 50000) i;
insert into books (owner_id, title, author, weekly_price, cover_key, status, created_at, updated_at, deleted_at)
select 'u' || (1 + i % 50000), 'Book ' || i || ' ' || (array['Garden','River','Temple','Ocean','Rice','Mountain','Night'])[1 + i % 7],
  'Author ' || (i % 20000), 10000, md5(i::text), (array['Available','Available','Borrowed','Unavailable'])[1 + i % 4]::book_status,
  timestamptz '2024-01-01' + i * interval '30 seconds', now(),
  case when i % 50 = 0 then now() else null end
from generate_series(1, 1000000) i;
insert into orders (user_id, user_name, user_email, owner_id, owner_name, status, delivery_method, borrow_duration, subtotal, created_at, updated_at, due_at)
select 'u' || (1 + i % 49999), 'Member ' || (1 + i % 49999), 'member' || (1 + i % 49999) || '@example.com',
  'u' || (1 + (i * 7) % 50000), 'Member ' || (1 + (i * 7) % 50000),
  (array['Completed','Completed','Completed','Cancelled','Draft','Waiting for Payment','Delivered','Processed'])[1 + i % 8]::text::order_status,
  'delivery', 1, 10000, timestamptz '2024-01-01' + i * interval '30 seconds', now(),
  case when i % 8 = 6 then timestamptz '2024-01-01' + i * interval '30 seconds' + interval '7 days' else null end
from generate_series(1, 1000000) i;
insert into order_items (order_id, book_id, owner_id, owner_name, title, author, category, quantity, borrow_duration, weekly_price, item_total, cover_key, created_at)
select o.id, null, o.owner_id, o.owner_name, 'Title of ' || o.id, 'Author', 'Adult', 1, 1, 10000, 10000, md5(o.id::text), o.created_at from orders o;
insert into email_notifications (recipient_email, recipient_type, email_type, subject, text_body, html_body, order_id, sent_at, created_at)
select o.user_email, 'customer', 'order_placed', 'Order placed', 'x', 'x', o.id, case when o.status = 'Draft' then null else now() end, o.created_at from orders o;
analyze;
