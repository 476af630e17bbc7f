CREATE TABLE `waiting_list_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`ticket_id` integer NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`quantity` integer DEFAULT 1 NOT NULL,
	`locale` text DEFAULT 'fr' NOT NULL,
	`access_token` text NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`offered_quantity` integer DEFAULT 0 NOT NULL,
	`offered_at` integer,
	`offer_expires_at` integer,
	`offer_count` integer DEFAULT 0 NOT NULL,
	`order_id` integer,
	`consent_at` integer NOT NULL,
	`removed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `waiting_list_ticket_status_idx` ON `waiting_list_entries` (`ticket_id`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `waiting_list_ticket_offer_idx` ON `waiting_list_entries` (`ticket_id`,`status`,`offer_expires_at`,`offered_quantity`);--> statement-breakpoint
CREATE INDEX `waiting_list_event_offer_idx` ON `waiting_list_entries` (`event_id`,`status`,`offer_expires_at`,`offered_quantity`);--> statement-breakpoint
CREATE INDEX `waiting_list_event_created_idx` ON `waiting_list_entries` (`event_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `waiting_list_access_token_unique` ON `waiting_list_entries` (`access_token`);--> statement-breakpoint
CREATE UNIQUE INDEX `waiting_list_ticket_email_open_unique` ON `waiting_list_entries` (`ticket_id`,`email`) WHERE status in ('waiting', 'offered');--> statement-breakpoint
ALTER TABLE `events` ADD `self_service_cancel` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `self_service_cancel_before` integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `self_service_cancel_unit` text DEFAULT 'hours' NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `self_service_cancel_refund` text DEFAULT 'full-minus-fees' NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `self_service_cancel_percentage` integer DEFAULT 10000 NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `waiting_list_hold_hours` integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE `tickets` ADD `waiting_list` integer DEFAULT false NOT NULL;