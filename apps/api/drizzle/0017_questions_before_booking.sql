CREATE TABLE "question_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"sender_side" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_messages_sender_side_check" CHECK ("question_messages"."sender_side" in ('buyer', 'seller'))
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"buyer_read_at" timestamp with time zone,
	"seller_read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
DROP INDEX "notifications_one_unread_listing_notice_idx";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "question_id" uuid;--> statement-breakpoint
ALTER TABLE "question_messages" ADD CONSTRAINT "question_messages_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_messages_conversation_idx" ON "question_messages" USING btree ("question_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "questions_product_buyer_unique" ON "questions" USING btree ("product_id","buyer_id");--> statement-breakpoint
CREATE INDEX "questions_buyer_listing_idx" ON "questions" USING btree ("buyer_id","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "questions_seller_listing_idx" ON "questions" USING btree ("seller_id","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_one_unread_question_idx" ON "notifications" USING btree ("user_id","question_id") WHERE "notifications"."kind" = 'question' and "notifications"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_one_unread_listing_notice_idx" ON "notifications" USING btree ("user_id","product_id","kind") WHERE "notifications"."product_id" is not null and "notifications"."read_at" is null and "notifications"."kind" <> 'question';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_question_check" CHECK (("notifications"."kind" = 'question') = ("notifications"."question_id" is not null));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('booked', 'paid', 'message', 'cancelled', 'completed', 'disputed', 'resolved', 'released', 'paid_out', 'review_invited', 'reviewed', 'price_dropped', 'listing_sold', 'search_match', 'question'));