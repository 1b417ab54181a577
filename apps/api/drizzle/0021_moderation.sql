CREATE TABLE "admin_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"target_label" text NOT NULL,
	"reason" text,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_actions_action_check" CHECK ("admin_actions"."action" in ('verify', 'decline_verification', 'unverify', 'suspend', 'unsuspend', 'delete_user', 'delete_listing', 'dismiss_report', 'resolve_complaint', 'hide_review')),
	CONSTRAINT "admin_actions_target_type_check" CHECK ("admin_actions"."target_type" in ('user', 'listing', 'booking', 'review'))
);
--> statement-breakpoint
CREATE TABLE "product_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text,
	"text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone,
	CONSTRAINT "product_reports_reason_check" CHECK ("product_reports"."reason" in ('scam', 'prohibited', 'wrong_category', 'misleading', 'other'))
);
--> statement-breakpoint
CREATE TABLE "verification_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	CONSTRAINT "verification_requests_status_check" CHECK ("verification_requests"."status" in ('pending', 'approved', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_subject_check";--> statement-breakpoint
DROP INDEX "products_for_sale_id_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seller_suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reports" ADD CONSTRAINT "product_reports_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reports" ADD CONSTRAINT "product_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_actions_listing_idx" ON "admin_actions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "admin_actions_target_idx" ON "admin_actions" USING btree ("target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_reports_product_reporter_unique" ON "product_reports" USING btree ("product_id","reporter_id");--> statement-breakpoint
CREATE INDEX "product_reports_reporter_idx" ON "product_reports" USING btree ("reporter_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_reports_open_idx" ON "product_reports" USING btree ("product_id","created_at") WHERE "product_reports"."dismissed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "verification_requests_pending_unique" ON "verification_requests" USING btree ("seller_id") WHERE "verification_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "verification_requests_pending_listing_idx" ON "verification_requests" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "verification_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "verification_requests_seller_idx" ON "verification_requests" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_listing_idx" ON "bookings" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_listing_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_suspended_listing_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "users"."deleted_at" is null and "users"."suspended_until" is not null;--> statement-breakpoint
CREATE INDEX "users_name_email_trgm_idx" ON "users" USING gin (("name" || ' ' || "email") gin_trgm_ops) WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_for_sale_id_idx" ON "products" USING btree ("id") WHERE "products"."deleted_at" is null and "products"."status" = 'unsold' and "products"."seller_suspended" = false;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('booked', 'paid', 'message', 'cancelled', 'completed', 'disputed', 'resolved', 'released', 'paid_out', 'review_invited', 'reviewed', 'price_dropped', 'listing_sold', 'search_match', 'question', 'account_suspended'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_subject_check" CHECK (("notifications"."booking_id" is not null and "notifications"."side" is not null and "notifications"."product_id" is null)
        or ("notifications"."booking_id" is null and "notifications"."side" is null and "notifications"."product_id" is not null)
        or ("notifications"."kind" = 'account_suspended' and "notifications"."booking_id" is null and "notifications"."side" is null and "notifications"."product_id" is null));--> statement-breakpoint
-- The audit log is append-only: no row of it is ever changed or removed.
CREATE FUNCTION admin_actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_actions is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER admin_actions_append_only BEFORE UPDATE OR DELETE ON "admin_actions"
  FOR EACH ROW EXECUTE FUNCTION admin_actions_append_only();
--> statement-breakpoint
-- What the user search matches words against: the partial trigram index gives the planner no
-- statistics of it, so common words (an email domain) were estimated at a dozen rows and read
-- through the bitmap and sorted whole; with these it reads the newest users in order instead.
CREATE STATISTICS users_name_email_stats ON ((name || ' ' || email)) FROM users;
