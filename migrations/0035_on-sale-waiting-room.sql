ALTER TABLE `events` ADD `on_sale_at` integer;--> statement-breakpoint
ALTER TABLE `events` ADD `waiting_room_opens_at` integer;--> statement-breakpoint
ALTER TABLE `events` ADD `waiting_room_closes_at` integer;--> statement-breakpoint
ALTER TABLE `events` ADD `waiting_room_rate_per_minute` integer;