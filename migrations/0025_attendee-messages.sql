CREATE TABLE `attendee_message_opt_outs` (
	`event_id` integer NOT NULL,
	`organization_id` integer NOT NULL,
	`email` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`event_id`, `email`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `attendee_message_recipients` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`message_id` integer NOT NULL,
	`send_number` integer NOT NULL,
	`dedupe_key` text NOT NULL,
	`participant_id` integer,
	`order_id` integer,
	`email` text NOT NULL,
	`first_name` text DEFAULT '' NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`ticket_title` text DEFAULT '' NOT NULL,
	`locale` text DEFAULT 'fr' NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`claimed_at` integer,
	`sent_at` integer,
	`last_error` text,
	`provider_message_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`message_id`) REFERENCES `attendee_messages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `attendee_message_recipients_send_unique` ON `attendee_message_recipients` (`message_id`,`send_number`,`dedupe_key`);--> statement-breakpoint
CREATE INDEX `attendee_message_recipients_message_status_idx` ON `attendee_message_recipients` (`message_id`,`send_number`,`status`);--> statement-breakpoint
CREATE INDEX `attendee_message_recipients_provider_idx` ON `attendee_message_recipients` (`provider_message_id`);--> statement-breakpoint
CREATE INDEX `attendee_message_recipients_status_claimed_idx` ON `attendee_message_recipients` (`status`,`claimed_at`);--> statement-breakpoint
CREATE TABLE `attendee_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`kind` text DEFAULT 'message' NOT NULL,
	`reminder_id` integer,
	`subject` text DEFAULT '' NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`segment` text DEFAULT '{"type":"all"}' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`scheduled_at` integer,
	`sent_at` integer,
	`send_count` integer DEFAULT 0 NOT NULL,
	`recipient_count` integer DEFAULT 0 NOT NULL,
	`failure_reason` text,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reminder_id`) REFERENCES `event_reminders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `attendee_messages_event_created_idx` ON `attendee_messages` (`event_id`,`organization_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `attendee_messages_status_scheduled_idx` ON `attendee_messages` (`status`,`scheduled_at`);--> statement-breakpoint
CREATE TABLE `event_reminders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`offset_value` integer DEFAULT 24 NOT NULL,
	`offset_unit` text DEFAULT 'hours' NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`due_at` integer,
	`sent_for_start_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `event_reminders_event_idx` ON `event_reminders` (`event_id`,`position`);--> statement-breakpoint
CREATE INDEX `event_reminders_due_idx` ON `event_reminders` (`enabled`,`due_at`);--> statement-breakpoint
ALTER TABLE `events` ADD `calendar_sequence` integer DEFAULT 0 NOT NULL;