-- A member's optional WhatsApp number (D45), in E.164, with when they agreed to share it. A table
-- of its own, not a column of "user": the auth library reads and answers the user row, and this
-- number must reach only the other side of a placed order and admins.
CREATE TABLE "member_whatsapp" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"number" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_whatsapp_e164_check" CHECK ("number" ~ '^\+[1-9][0-9]{7,14}$')
);
