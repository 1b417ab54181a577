CREATE TABLE "disputes" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"text" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text,
	"refund_cents" integer,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	CONSTRAINT "disputes_reason_check" CHECK ("disputes"."reason" in ('not_as_described', 'not_working', 'missing_parts', 'other')),
	CONSTRAINT "disputes_outcome_check" CHECK ("disputes"."outcome" in ('refund', 'release', 'split'))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" uuid NOT NULL,
	"movement" text NOT NULL,
	"account" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_movement_check" CHECK ("ledger_entries"."movement" in ('payment', 'refund', 'release', 'payout')),
	CONSTRAINT "ledger_entries_account_check" CHECK ("ledger_entries"."account" in ('buyer', 'held', 'seller', 'platform', 'payouts'))
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"enabled_at" timestamp with time zone,
	CONSTRAINT "payout_accounts_account_unique" UNIQUE("account_id"),
	CONSTRAINT "payout_accounts_status_check" CHECK ("payout_accounts"."status" in ('pending', 'enabled'))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"seller_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"transfer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('waiting', 'sent')),
	CONSTRAINT "payouts_amounts_check" CHECK ("payouts"."amount_cents" > 0 and "payouts"."fee_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "test_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"destination" text NOT NULL,
	"source_intent_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_transfers_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "booking_messages" DROP CONSTRAINT "booking_messages_sender_side_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "handover_code" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "handover_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "handover_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "funds" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "release_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_cents" integer;--> statement-breakpoint
ALTER TABLE "test_payment_intents" ADD COLUMN "refund_cents" integer;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disputes_queue_idx" ON "disputes" USING btree (("resolved_at" is null) desc,"opened_at" DESC NULLS FIRST,"booking_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_movement_unique" ON "ledger_entries" USING btree ("booking_id","movement","account");--> statement-breakpoint
CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payouts_seller_idx" ON "payouts" USING btree ("seller_id","created_at" DESC NULLS FIRST,"booking_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payouts_waiting_idx" ON "payouts" USING btree ("seller_id") WHERE "payouts"."status" = 'waiting';--> statement-breakpoint
ALTER TABLE "booking_messages" ADD CONSTRAINT "booking_messages_sender_side_check" CHECK ("booking_messages"."sender_side" in ('buyer', 'seller', 'admin'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_funds_check" CHECK ("bookings"."funds" in ('none', 'held', 'disputed', 'released', 'refunded', 'split'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('booked', 'paid', 'message', 'cancelled', 'completed', 'disputed', 'resolved', 'released', 'paid_out'));--> statement-breakpoint
-- Bookings paid before escrow: their money is held, and the buyer gets a handover code.
UPDATE "bookings" SET "funds" = 'held', "handover_code" = lpad(floor(random() * 1000000)::int::text, 6, '0')
WHERE "status" = 'paid';--> statement-breakpoint
-- Handed over before escrow: the money is the seller's, owed as a payout until it is transferred.
UPDATE "bookings" SET "funds" = 'released', "released_at" = coalesce("completed_at", now())
WHERE "status" = 'completed';--> statement-breakpoint
UPDATE "bookings" SET "funds" = 'refunded'
FROM "payments" WHERE "payments"."booking_id" = "bookings"."id" AND "payments"."status" = 'refunded';--> statement-breakpoint
UPDATE "payments" SET "refund_cents" = "amount_cents" WHERE "status" = 'refunded';--> statement-breakpoint
INSERT INTO "ledger_entries" ("booking_id", "movement", "account", "amount_cents", "created_at")
SELECT "bookings"."id", 'payment', entry.account, entry.sign * "payments"."amount_cents", coalesce("bookings"."paid_at", "payments"."created_at")
FROM "bookings" JOIN "payments" ON "payments"."booking_id" = "bookings"."id"
CROSS JOIN (VALUES ('buyer', -1), ('held', 1)) AS entry(account, sign)
WHERE "bookings"."funds" <> 'none';--> statement-breakpoint
INSERT INTO "ledger_entries" ("booking_id", "movement", "account", "amount_cents", "created_at")
SELECT "bookings"."id", 'refund', entry.account, entry.sign * "payments"."amount_cents", coalesce("bookings"."cancelled_at", now())
FROM "bookings" JOIN "payments" ON "payments"."booking_id" = "bookings"."id"
CROSS JOIN (VALUES ('held', -1), ('buyer', 1)) AS entry(account, sign)
WHERE "bookings"."funds" = 'refunded';--> statement-breakpoint
INSERT INTO "ledger_entries" ("booking_id", "movement", "account", "amount_cents", "created_at")
SELECT "bookings"."id", 'release', entry.account, entry.sign * "payments"."amount_cents", "bookings"."released_at"
FROM "bookings" JOIN "payments" ON "payments"."booking_id" = "bookings"."id"
CROSS JOIN (VALUES ('held', -1), ('seller', 1)) AS entry(account, sign)
WHERE "bookings"."funds" = 'released';--> statement-breakpoint
INSERT INTO "payouts" ("booking_id", "seller_id", "amount_cents", "fee_cents", "created_at")
SELECT "bookings"."id", "bookings"."seller_id", "payments"."amount_cents", 0, "bookings"."released_at"
FROM "bookings" JOIN "payments" ON "payments"."booking_id" = "bookings"."id"
WHERE "bookings"."funds" = 'released';
