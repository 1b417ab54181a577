CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"product_image" text NOT NULL,
	"price_cents" integer NOT NULL,
	"phone" text NOT NULL,
	"meeting_location" text NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"payment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_product_buyer_unique" UNIQUE("product_id","buyer_id"),
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('unpaid', 'paid', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"image" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "categories_name_unique" UNIQUE("name"),
	CONSTRAINT "categories_position_unique" UNIQUE("position")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"intent_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_booking_unique" UNIQUE("booking_id"),
	CONSTRAINT "payments_intent_unique" UNIQUE("intent_id"),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"name" text NOT NULL,
	"image" text NOT NULL,
	"resale_price_cents" integer NOT NULL,
	"original_price_cents" integer NOT NULL,
	"location" text NOT NULL,
	"phone" text NOT NULL,
	"year_of_purchase" integer NOT NULL,
	"condition" text NOT NULL,
	"category_id" uuid NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'unsold' NOT NULL,
	"advertised" boolean DEFAULT false NOT NULL,
	"reported" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "products_condition_check" CHECK ("products"."condition" in ('excellent', 'good', 'fair')),
	CONSTRAINT "products_status_check" CHECK ("products"."status" in ('unsold', 'sold')),
	CONSTRAINT "products_prices_check" CHECK ("products"."resale_price_cents" >= 0 and "products"."original_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"role" text,
	"verified" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('buyer', 'seller', 'admin')),
	CONSTRAINT "users_email_lower_check" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_buyer_idx" ON "bookings" USING btree ("buyer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_product_idx" ON "bookings" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_category_listing_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS LAST) WHERE "products"."deleted_at" is null and "products"."status" = 'unsold';--> statement-breakpoint
CREATE INDEX "products_advertised_idx" ON "products" USING btree ("created_at" DESC NULLS LAST) WHERE "products"."advertised" and "products"."deleted_at" is null and "products"."status" = 'unsold';--> statement-breakpoint
CREATE INDEX "products_reported_idx" ON "products" USING btree ("created_at" DESC NULLS LAST) WHERE "products"."reported" and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_seller_idx" ON "products" USING btree ("seller_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at" DESC NULLS LAST) WHERE "users"."deleted_at" is null;