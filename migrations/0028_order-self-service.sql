CREATE TABLE `participant_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`kind` text NOT NULL,
	`previous_first_name` text NOT NULL,
	`previous_last_name` text NOT NULL,
	`previous_email` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`answers_changed` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `participant_changes_participant_idx` ON `participant_changes` (`participant_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `events` ADD `self_service_edit` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `self_service_edit_before` integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `self_service_edit_unit` text DEFAULT 'hours' NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `self_service_transfer` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `self_service_transfer_before` integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `self_service_transfer_unit` text DEFAULT 'hours' NOT NULL;