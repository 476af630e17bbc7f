CREATE TABLE `email_quota_usage` (
	`organization_id` integer NOT NULL,
	`day` text NOT NULL,
	`sent` integer NOT NULL,
	`quota` integer NOT NULL,
	PRIMARY KEY(`organization_id`, `day`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "email_quota_usage_within_quota" CHECK("email_quota_usage"."sent" <= "email_quota_usage"."quota")
);
--> statement-breakpoint
CREATE TABLE `email_send_reservations` (
	`token` text PRIMARY KEY NOT NULL,
	`organization_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`remaining` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "email_send_reservations_remaining" CHECK("email_send_reservations"."remaining" >= 0)
);
--> statement-breakpoint
CREATE INDEX `email_send_reservations_event_idx` ON `email_send_reservations` (`event_id`);--> statement-breakpoint
ALTER TABLE `organizations` ADD `daily_email_quota` integer;