CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"author_side" text NOT NULL,
	"rating" integer NOT NULL,
	"text" text NOT NULL,
	"revealed_at" timestamp with time zone,
	"reply" text,
	"replied_at" timestamp with time zone,
	"reported_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_author_side_check" CHECK ("reviews"."author_side" in ('buyer', 'seller'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rating_histogram" integer[] DEFAULT '{0,0,0,0,0}' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "completed_sales" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "completed_purchases" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_booking_author_unique" ON "reviews" USING btree ("booking_id","author_side");--> statement-breakpoint
CREATE INDEX "reviews_subject_listing_idx" ON "reviews" USING btree ("subject_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "reviews"."revealed_at" is not null and "reviews"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_reported_listing_idx" ON "reviews" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "reviews"."reported_at" is not null and "reviews"."hidden_at" is null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('booked', 'paid', 'message', 'cancelled', 'completed', 'disputed', 'resolved', 'released', 'paid_out', 'review_invited', 'reviewed'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_rating_check" CHECK ("users"."rating_count" >= 0 and "users"."rating_sum" between "users"."rating_count" and 5 * "users"."rating_count" and cardinality("users"."rating_histogram") = 5);--> statement-breakpoint
-- Handovers made before reputation count in their sides' totals.
UPDATE "users" SET "completed_sales" = counted.handovers
FROM (SELECT "seller_id" AS id, count(*)::int AS handovers FROM "bookings" WHERE "status" = 'completed' GROUP BY "seller_id") counted
WHERE "users"."id" = counted.id;--> statement-breakpoint
UPDATE "users" SET "completed_purchases" = counted.handovers
FROM (SELECT "buyer_id" AS id, count(*)::int AS handovers FROM "bookings" WHERE "status" = 'completed' GROUP BY "buyer_id") counted
WHERE "users"."id" = counted.id;
