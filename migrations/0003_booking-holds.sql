CREATE TABLE `order_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`ticket_id` integer NOT NULL,
	`ticket_type` text DEFAULT 'ticket' NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price` integer DEFAULT 0 NOT NULL,
	`discount` integer DEFAULT 0 NOT NULL,
	`fees` integer DEFAULT 0 NOT NULL,
	`fees_type` text DEFAULT 'included' NOT NULL,
	`held_until` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "order_items_quantity_positive" CHECK("order_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE INDEX `order_items_ticket_held_idx` ON `order_items` (`ticket_id`,`held_until`,`quantity`);--> statement-breakpoint
CREATE INDEX `order_items_event_held_idx` ON `order_items` (`event_id`,`held_until`,`ticket_type`,`quantity`);--> statement-breakpoint
CREATE INDEX `order_items_order_idx` ON `order_items` (`order_id`);--> statement-breakpoint
CREATE INDEX `order_items_held_idx` ON `order_items` (`held_until`);--> statement-breakpoint
CREATE TABLE `booking_guards` (
	`ok` integer NOT NULL,
	CONSTRAINT "booking_guards_ok" CHECK("booking_guards"."ok" = 1)
);
--> statement-breakpoint
ALTER TABLE `orders` ADD `draft` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `locale` text DEFAULT 'fr' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_access_token_unique` ON `orders` (`access_token`);--> statement-breakpoint
CREATE INDEX `orders_promo_status_payable_idx` ON `orders` (`promo_code_id`,`status`,`payable_until`);
