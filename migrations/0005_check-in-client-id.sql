ALTER TABLE `entries` ADD `client_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `entries_event_client_unique` ON `entries` (`event_id`,`client_id`);
