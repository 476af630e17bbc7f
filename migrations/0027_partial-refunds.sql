CREATE TABLE `order_refund_units` (
	`refund_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`order_item_id` integer NOT NULL,
	FOREIGN KEY (`refund_id`) REFERENCES `order_refunds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_refund_units_participant_unique` ON `order_refund_units` (`participant_id`);--> statement-breakpoint
CREATE INDEX `order_refund_units_refund_idx` ON `order_refund_units` (`refund_id`);--> statement-breakpoint
CREATE TABLE `order_refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`idempotency_key` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`amount` integer NOT NULL,
	`fee` integer DEFAULT 0 NOT NULL,
	`units` integer DEFAULT 0 NOT NULL,
	`lines` text DEFAULT '[]' NOT NULL,
	`closes_order` integer DEFAULT false NOT NULL,
	`provider_reference` text,
	`created_by_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "order_refunds_amount_not_negative" CHECK("order_refunds"."amount" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_refunds_idempotency_key_unique` ON `order_refunds` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `order_refunds_order_idx` ON `order_refunds` (`order_id`,`status`);--> statement-breakpoint
CREATE INDEX `order_refunds_org_idx` ON `order_refunds` (`organization_id`);--> statement-breakpoint
ALTER TABLE `order_items` ADD `refunded_quantity` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `refunded_amount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `refunded_fees` integer DEFAULT 0 NOT NULL;