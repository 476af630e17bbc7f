CREATE TABLE `audit_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer,
	`user_id` integer,
	`action` text NOT NULL,
	`target_type` text DEFAULT '' NOT NULL,
	`target_id` text DEFAULT '' NOT NULL,
	`data` text DEFAULT '{}' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_logs_org_created_idx` ON `audit_logs` (`organization_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_logs_target_idx` ON `audit_logs` (`target_type`,`target_id`);--> statement-breakpoint
CREATE TABLE `contact_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`first_name` text DEFAULT '' NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`email` text NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`is_read` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contact_entries_org_id_idx` ON `contact_entries` (`organization_id`,`id`);--> statement-breakpoint
CREATE TABLE `dev_mailbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `dev_mailbox_to_created_idx` ON `dev_mailbox` (`to`,`created_at`);--> statement-breakpoint
CREATE TABLE `email_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`purpose` text NOT NULL,
	`code_hash` text NOT NULL,
	`payload` text DEFAULT '{}' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`consumed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `email_codes_email_purpose_idx` ON `email_codes` (`email`,`purpose`,`created_at`);--> statement-breakpoint
CREATE TABLE `entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`ticket_id` integer NOT NULL,
	`is_in` integer NOT NULL,
	`validated_at` integer NOT NULL,
	`validated_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`validated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `entries_event_validated_idx` ON `entries` (`event_id`,`validated_at`);--> statement-breakpoint
CREATE INDEX `entries_participant_idx` ON `entries` (`participant_id`,`validated_at`);--> statement-breakpoint
CREATE TABLE `event_accesses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`email` text NOT NULL,
	`roles` text DEFAULT 'validator' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_accesses_event_user_unique` ON `event_accesses` (`event_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `event_accesses_user_idx` ON `event_accesses` (`user_id`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`small_description` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`main_picture` text DEFAULT '' NOT NULL,
	`primary_color` text DEFAULT '#4f46e5' NOT NULL,
	`theme` text DEFAULT 'light' NOT NULL,
	`timezone` text DEFAULT 'Europe/Paris' NOT NULL,
	`start_at` integer,
	`end_at` integer,
	`address_label` text DEFAULT '' NOT NULL,
	`address_name` text DEFAULT '' NOT NULL,
	`address_latitude_e6` integer,
	`address_longitude_e6` integer,
	`contact_email` text DEFAULT '' NOT NULL,
	`refund_policy` text,
	`status` text DEFAULT 'draft' NOT NULL,
	`visibility` text DEFAULT 'public' NOT NULL,
	`confirmation_page_message` text DEFAULT '' NOT NULL,
	`email_pdf_message` text DEFAULT '' NOT NULL,
	`email_pdf_email_response` text DEFAULT '' NOT NULL,
	`meta_pixel_id` text DEFAULT '' NOT NULL,
	`access_token` text,
	`allow_billing` integer DEFAULT false NOT NULL,
	`event_capacity` integer DEFAULT -1 NOT NULL,
	`published_at` integer,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `events_org_status_start_idx` ON `events` (`organization_id`,`status`,`start_at`);--> statement-breakpoint
CREATE INDEX `events_org_end_idx` ON `events` (`organization_id`,`end_at`);--> statement-breakpoint
CREATE INDEX `events_org_created_idx` ON `events` (`organization_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `form_answers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`participant_id` integer,
	`form_type` text NOT NULL,
	`question_id` text NOT NULL,
	`question_title` text DEFAULT '' NOT NULL,
	`value` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `form_answers_order_idx` ON `form_answers` (`order_id`);--> statement-breakpoint
CREATE INDEX `form_answers_participant_idx` ON `form_answers` (`participant_id`);--> statement-breakpoint
CREATE INDEX `form_answers_event_question_idx` ON `form_answers` (`event_id`,`question_id`);--> statement-breakpoint
CREATE TABLE `images` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`key_prefix` text NOT NULL,
	`owner_type` text NOT NULL,
	`owner_id` integer NOT NULL,
	`content_type` text DEFAULT 'image/webp' NOT NULL,
	`sizes` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `images_key_prefix_unique` ON `images` (`key_prefix`);--> statement-breakpoint
CREATE INDEX `images_owner_idx` ON `images` (`owner_type`,`owner_id`);--> statement-breakpoint
CREATE TABLE `memberships` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`role` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `memberships_org_user_unique` ON `memberships` (`organization_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `memberships_user_idx` ON `memberships` (`user_id`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`user_id` integer,
	`first_name` text DEFAULT '' NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`amount` integer DEFAULT 0 NOT NULL,
	`fees` integer DEFAULT 0 NOT NULL,
	`net_amount` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`promo_code_id` integer,
	`promo_code_key` text,
	`checkout_time` integer DEFAULT 0 NOT NULL,
	`access_token` text NOT NULL,
	`billing` text,
	`stripe_checkout_session_id` text,
	`stripe_payment_intent_id` text,
	`paid_at` integer,
	`payable_until` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`promo_code_id`) REFERENCES `promo_codes`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `orders_event_created_idx` ON `orders` (`event_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_event_status_idx` ON `orders` (`event_id`,`status`);--> statement-breakpoint
CREATE INDEX `orders_event_email_idx` ON `orders` (`event_id`,`email`);--> statement-breakpoint
CREATE INDEX `orders_org_created_idx` ON `orders` (`organization_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_checkout_session_unique` ON `orders` (`stripe_checkout_session_id`);--> statement-breakpoint
CREATE TABLE `organizations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`title_key` text NOT NULL,
	`small_description` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`main_picture` text DEFAULT '' NOT NULL,
	`cover_picture` text DEFAULT '' NOT NULL,
	`contact_email` text DEFAULT '' NOT NULL,
	`page_url` text DEFAULT '' NOT NULL,
	`is_private` integer DEFAULT false NOT NULL,
	`address_label` text DEFAULT '' NOT NULL,
	`address_latitude_e6` integer DEFAULT 50000000 NOT NULL,
	`address_longitude_e6` integer DEFAULT 50000000 NOT NULL,
	`connected_account_id` text,
	`is_connected_account_valid` integer DEFAULT false NOT NULL,
	`payout_frequency` text DEFAULT 'manual' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `organizations_title_key_unique` ON `organizations` (`title_key`);--> statement-breakpoint
CREATE INDEX `organizations_title_idx` ON `organizations` (`title`);--> statement-breakpoint
CREATE TABLE `participants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`ticket_id` integer NOT NULL,
	`user_id` integer,
	`first_name` text DEFAULT '' NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`search_text` text DEFAULT '' NOT NULL,
	`ticket_title` text NOT NULL,
	`ticket_type` text DEFAULT 'ticket' NOT NULL,
	`price` integer DEFAULT 0 NOT NULL,
	`promo_code_key` text,
	`last_validation_at` integer,
	`is_in` integer DEFAULT false NOT NULL,
	`event_date` integer,
	`access_token` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `participants_event_created_idx` ON `participants` (`event_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `participants_event_last_name_idx` ON `participants` (`event_id`,`last_name`);--> statement-breakpoint
CREATE INDEX `participants_event_email_idx` ON `participants` (`event_id`,`email`);--> statement-breakpoint
CREATE INDEX `participants_event_ticket_idx` ON `participants` (`event_id`,`ticket_id`);--> statement-breakpoint
CREATE INDEX `participants_order_idx` ON `participants` (`order_id`);--> statement-breakpoint
CREATE INDEX `participants_ticket_idx` ON `participants` (`ticket_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `participants_access_token_unique` ON `participants` (`access_token`);--> statement-breakpoint
CREATE TABLE `participation_forms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`form_type` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`single_fill` integer DEFAULT true NOT NULL,
	`questions` text DEFAULT '[]' NOT NULL,
	`ticket_target` text DEFAULT 'all' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `participation_forms_event_type_unique` ON `participation_forms` (`event_id`,`form_type`);--> statement-breakpoint
CREATE TABLE `payouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`provider_payout_id` text,
	`bank_account_name` text DEFAULT '' NOT NULL,
	`amount` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`initiated_at` integer NOT NULL,
	`estimated_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payouts_org_initiated_idx` ON `payouts` (`organization_id`,`initiated_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_provider_unique` ON `payouts` (`provider_payout_id`);--> statement-breakpoint
CREATE TABLE `processed_provider_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `promo_code_tickets` (
	`promo_code_id` integer NOT NULL,
	`ticket_id` integer NOT NULL,
	PRIMARY KEY(`promo_code_id`, `ticket_id`),
	FOREIGN KEY (`promo_code_id`) REFERENCES `promo_codes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `promo_code_tickets_ticket_idx` ON `promo_code_tickets` (`ticket_id`);--> statement-breakpoint
CREATE TABLE `promo_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`code` text NOT NULL,
	`discount_type` text DEFAULT 'percent' NOT NULL,
	`discount_value` integer DEFAULT 0 NOT NULL,
	`max_uses` integer DEFAULT -1 NOT NULL,
	`use_count` integer DEFAULT 0 NOT NULL,
	`start_at` integer,
	`end_at` integer,
	`applies_to_all_tickets` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `promo_codes_event_code_unique` ON `promo_codes` (`event_id`,`code`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`window_started_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`last_used_at` integer NOT NULL,
	`user_agent` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `tickets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`ticket_type` text DEFAULT 'ticket' NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`detailed_description` text DEFAULT '' NOT NULL,
	`price` integer DEFAULT 0 NOT NULL,
	`is_free` integer DEFAULT false NOT NULL,
	`amount` integer DEFAULT -1 NOT NULL,
	`purchased` integer DEFAULT 0 NOT NULL,
	`sell_start_at` integer,
	`sell_end_at` integer,
	`min_per_order` integer DEFAULT 1 NOT NULL,
	`max_per_order` integer DEFAULT 10 NOT NULL,
	`visibility` text DEFAULT 'visible' NOT NULL,
	`restricted` integer DEFAULT false NOT NULL,
	`fees_type` text DEFAULT 'included' NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	`show_remaining_count` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tickets_event_type_sort_idx` ON `tickets` (`event_id`,`ticket_type`,`sort`);--> statement-breakpoint
CREATE INDEX `tickets_org_idx` ON `tickets` (`organization_id`);--> statement-breakpoint
CREATE TABLE `transactions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`event_id` integer,
	`order_id` integer,
	`payout_id` integer,
	`type` text NOT NULL,
	`amount` integer NOT NULL,
	`fee` integer DEFAULT 0 NOT NULL,
	`net` integer NOT NULL,
	`provider_reference` text,
	`description` text DEFAULT '' NOT NULL,
	`occurred_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`payout_id`) REFERENCES `payouts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `transactions_org_occurred_idx` ON `transactions` (`organization_id`,`occurred_at`);--> statement-breakpoint
CREATE INDEX `transactions_order_idx` ON `transactions` (`order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `transactions_provider_reference_unique` ON `transactions` (`provider_reference`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`first_name` text DEFAULT '' NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`password_hash` text,
	`auth_method` text DEFAULT 'password' NOT NULL,
	`google_subject` text,
	`is_admin` integer DEFAULT false NOT NULL,
	`locale` text,
	`email_verified_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_subject_unique` ON `users` (`google_subject`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`endpoint_id` integer NOT NULL,
	`message_id` text NOT NULL,
	`event_type` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`last_response_status` integer,
	`last_error` text,
	`delivered_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`endpoint_id`) REFERENCES `webhook_endpoints`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_endpoint_created_idx` ON `webhook_deliveries` (`endpoint_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_deliveries_endpoint_message_unique` ON `webhook_deliveries` (`endpoint_id`,`message_id`);--> statement-breakpoint
CREATE TABLE `webhook_endpoints` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`url` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`secret` text NOT NULL,
	`event_types` text DEFAULT '[]' NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`disabled_reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_endpoints_org_idx` ON `webhook_endpoints` (`organization_id`);