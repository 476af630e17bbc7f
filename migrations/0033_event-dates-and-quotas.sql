CREATE TABLE `event_dates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer,
	`address_label` text,
	`address_name` text,
	`address_latitude_e6` integer,
	`address_longitude_e6` integer,
	`status` text DEFAULT 'on_sale' NOT NULL,
	`capacity` integer DEFAULT -1 NOT NULL,
	`sold` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "event_dates_capacity" CHECK("event_dates"."capacity" >= -1)
);
--> statement-breakpoint
CREATE INDEX `event_dates_event_start_idx` ON `event_dates` (`event_id`,`organization_id`,`start_at`);--> statement-breakpoint
CREATE INDEX `event_dates_org_idx` ON `event_dates` (`organization_id`);--> statement-breakpoint
CREATE TABLE `quota_tickets` (
	`quota_id` integer NOT NULL,
	`ticket_id` integer NOT NULL,
	PRIMARY KEY(`quota_id`, `ticket_id`),
	FOREIGN KEY (`quota_id`) REFERENCES `quotas`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `quota_tickets_ticket_idx` ON `quota_tickets` (`ticket_id`,`quota_id`);--> statement-breakpoint
CREATE TABLE `quotas` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`name` text NOT NULL,
	`size` integer NOT NULL,
	`date_id` integer,
	`sold` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`date_id`) REFERENCES `event_dates`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "quotas_size" CHECK("quotas"."size" >= 0)
);
--> statement-breakpoint
CREATE INDEX `quotas_event_idx` ON `quotas` (`event_id`,`organization_id`,`date_id`);--> statement-breakpoint
CREATE TABLE `ticket_dates` (
	`ticket_id` integer NOT NULL,
	`date_id` integer NOT NULL,
	PRIMARY KEY(`ticket_id`, `date_id`),
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`date_id`) REFERENCES `event_dates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ticket_dates_date_idx` ON `ticket_dates` (`date_id`,`ticket_id`);--> statement-breakpoint
ALTER TABLE `entries` ADD `date_id` integer;--> statement-breakpoint
CREATE INDEX `entries_event_date_validated_idx` ON `entries` (`event_id`,`date_id`,`validated_at`);--> statement-breakpoint
ALTER TABLE `order_items` ADD `date_id` integer;--> statement-breakpoint
CREATE INDEX `order_items_ticket_date_held_idx` ON `order_items` (`ticket_id`,`date_id`,`held_until`,`quantity`);--> statement-breakpoint
CREATE INDEX `order_items_event_date_held_idx` ON `order_items` (`event_id`,`date_id`,`held_until`,`ticket_type`,`quantity`);--> statement-breakpoint
ALTER TABLE `orders` ADD `date_id` integer;--> statement-breakpoint
CREATE INDEX `orders_event_date_created_idx` ON `orders` (`event_id`,`date_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `participants` ADD `date_id` integer;--> statement-breakpoint
CREATE INDEX `participants_event_date_id_idx` ON `participants` (`event_id`,`organization_id`,`date_id`,`id`);--> statement-breakpoint
CREATE INDEX `participants_ticket_date_idx` ON `participants` (`ticket_id`,`date_id`);--> statement-breakpoint
CREATE TRIGGER `participants_date_sold_insert` AFTER INSERT ON `participants` WHEN new.`ticket_type` = 'ticket' BEGIN
	UPDATE `event_dates` SET `sold` = `sold` + 1 WHERE new.`date_id` IS NOT NULL AND `id` = new.`date_id`;
	UPDATE `event_dates` SET `sold` = `sold` + 1 WHERE new.`date_id` IS NULL
		AND `id` IN (SELECT `date_id` FROM `ticket_dates` WHERE `ticket_id` = new.`ticket_id`);
END;--> statement-breakpoint
CREATE TRIGGER `participants_date_sold_delete` AFTER DELETE ON `participants` WHEN old.`ticket_type` = 'ticket' BEGIN
	UPDATE `event_dates` SET `sold` = `sold` - 1 WHERE old.`date_id` IS NOT NULL AND `id` = old.`date_id`;
	UPDATE `event_dates` SET `sold` = `sold` - 1 WHERE old.`date_id` IS NULL
		AND `id` IN (SELECT `date_id` FROM `ticket_dates` WHERE `ticket_id` = old.`ticket_id`);
END;--> statement-breakpoint
CREATE TRIGGER `participants_date_sold_move` AFTER UPDATE OF `ticket_id`, `date_id`, `ticket_type` ON `participants`
WHEN old.`ticket_id` IS NOT new.`ticket_id` OR old.`date_id` IS NOT new.`date_id` OR old.`ticket_type` IS NOT new.`ticket_type` BEGIN
	UPDATE `event_dates` SET `sold` = `sold` - 1 WHERE old.`ticket_type` = 'ticket' AND old.`date_id` IS NOT NULL AND `id` = old.`date_id`;
	UPDATE `event_dates` SET `sold` = `sold` - 1 WHERE old.`ticket_type` = 'ticket' AND old.`date_id` IS NULL
		AND `id` IN (SELECT `date_id` FROM `ticket_dates` WHERE `ticket_id` = old.`ticket_id`);
	UPDATE `event_dates` SET `sold` = `sold` + 1 WHERE new.`ticket_type` = 'ticket' AND new.`date_id` IS NOT NULL AND `id` = new.`date_id`;
	UPDATE `event_dates` SET `sold` = `sold` + 1 WHERE new.`ticket_type` = 'ticket' AND new.`date_id` IS NULL
		AND `id` IN (SELECT `date_id` FROM `ticket_dates` WHERE `ticket_id` = new.`ticket_id`);
END;--> statement-breakpoint
CREATE TRIGGER `participants_quota_sold_insert` AFTER INSERT ON `participants` BEGIN
	UPDATE `quotas` SET `sold` = `sold` + 1
	WHERE `id` IN (SELECT `quota_id` FROM `quota_tickets` WHERE `ticket_id` = new.`ticket_id`)
		AND (`date_id` IS NULL OR `date_id` = new.`date_id`
			OR (new.`date_id` IS NULL AND `date_id` IN (SELECT `date_id` FROM `ticket_dates` WHERE `ticket_id` = new.`ticket_id`)));
END;--> statement-breakpoint
CREATE TRIGGER `participants_quota_sold_delete` AFTER DELETE ON `participants` BEGIN
	UPDATE `quotas` SET `sold` = `sold` - 1
	WHERE `id` IN (SELECT `quota_id` FROM `quota_tickets` WHERE `ticket_id` = old.`ticket_id`)
		AND (`date_id` IS NULL OR `date_id` = old.`date_id`
			OR (old.`date_id` IS NULL AND `date_id` IN (SELECT `date_id` FROM `ticket_dates` WHERE `ticket_id` = old.`ticket_id`)));
END;--> statement-breakpoint
CREATE TRIGGER `participants_quota_sold_move` AFTER UPDATE OF `ticket_id`, `date_id` ON `participants`
WHEN old.`ticket_id` IS NOT new.`ticket_id` OR old.`date_id` IS NOT new.`date_id` BEGIN
	UPDATE `quotas` SET `sold` = `sold` - 1
	WHERE `id` IN (SELECT `quota_id` FROM `quota_tickets` WHERE `ticket_id` = old.`ticket_id`)
		AND (`date_id` IS NULL OR `date_id` = old.`date_id`
			OR (old.`date_id` IS NULL AND `date_id` IN (SELECT `date_id` FROM `ticket_dates` WHERE `ticket_id` = old.`ticket_id`)));
	UPDATE `quotas` SET `sold` = `sold` + 1
	WHERE `id` IN (SELECT `quota_id` FROM `quota_tickets` WHERE `ticket_id` = new.`ticket_id`)
		AND (`date_id` IS NULL OR `date_id` = new.`date_id`
			OR (new.`date_id` IS NULL AND `date_id` IN (SELECT `date_id` FROM `ticket_dates` WHERE `ticket_id` = new.`ticket_id`)));
END;
