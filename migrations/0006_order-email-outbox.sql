ALTER TABLE `dev_mailbox` ADD `attachments` text;--> statement-breakpoint
CREATE TABLE `order_email_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`key` text NOT NULL,
	`kind` text DEFAULT 'confirmation' NOT NULL,
	`status` text DEFAULT 'sending' NOT NULL,
	`attempts` integer DEFAULT 1 NOT NULL,
	`claimed_at` integer NOT NULL,
	`sent_at` integer,
	`last_error` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_email_deliveries_key_unique` ON `order_email_deliveries` (`key`);--> statement-breakpoint
CREATE INDEX `order_email_deliveries_order_idx` ON `order_email_deliveries` (`order_id`);
