CREATE TABLE `invoice_counters` (
	`organization_id` integer NOT NULL,
	`year` integer NOT NULL,
	`last_number` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`organization_id`, `year`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `invoice_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`invoice_id` integer NOT NULL,
	`organization_id` integer NOT NULL,
	`position` integer NOT NULL,
	`order_item_id` integer,
	`kind` text NOT NULL,
	`description` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_gross` integer NOT NULL,
	`gross` integer NOT NULL,
	`rate` integer NOT NULL,
	`rate_name` text DEFAULT '' NOT NULL,
	`net` integer NOT NULL,
	`vat` integer NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `invoice_lines_invoice_idx` ON `invoice_lines` (`invoice_id`,`position`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`kind` text NOT NULL,
	`year` integer NOT NULL,
	`sequence` integer NOT NULL,
	`number` text NOT NULL,
	`invoice_id` integer,
	`refund_id` integer,
	`issued_at` integer NOT NULL,
	`currency` text DEFAULT 'EUR' NOT NULL,
	`seller` text NOT NULL,
	`buyer` text NOT NULL,
	`gross` integer NOT NULL,
	`net` integer NOT NULL,
	`vat` integer NOT NULL,
	`locale` text DEFAULT 'fr' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_org_year_sequence_unique` ON `invoices` (`organization_id`,`year`,`sequence`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_order_invoice_unique` ON `invoices` (`order_id`) WHERE kind = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_refund_credit_note_unique` ON `invoices` (`refund_id`) WHERE refund_id is not null;--> statement-breakpoint
CREATE INDEX `invoices_org_issued_idx` ON `invoices` (`organization_id`,`issued_at`);--> statement-breakpoint
CREATE INDEX `invoices_org_event_issued_idx` ON `invoices` (`organization_id`,`event_id`,`issued_at`);--> statement-breakpoint
CREATE INDEX `invoices_invoice_idx` ON `invoices` (`invoice_id`);--> statement-breakpoint
ALTER TABLE `order_items` ADD `tax_rate` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `order_items` ADD `tax_rate_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `order_items` ADD `net` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `order_items` ADD `vat` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `order_items` ADD `fees_net` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `order_items` ADD `fees_vat` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `invoice_requested` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `tickets` ADD `tax_rate_id` integer;--> statement-breakpoint
UPDATE `order_items` SET `net` = `unit_price` * `quantity` - `discount`, `fees_net` = CASE WHEN `fees_type` = 'added' THEN `fees` ELSE 0 END;--> statement-breakpoint
CREATE TRIGGER `invoices_immutable` BEFORE UPDATE ON `invoices` BEGIN SELECT RAISE(ABORT, 'invoices are immutable once issued'); END;--> statement-breakpoint
CREATE TRIGGER `invoice_lines_immutable` BEFORE UPDATE ON `invoice_lines` BEGIN SELECT RAISE(ABORT, 'invoice lines are immutable once issued'); END;
