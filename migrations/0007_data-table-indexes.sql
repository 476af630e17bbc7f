CREATE INDEX `participants_event_search_idx` ON `participants` (`event_id`,`organization_id`,`search_text`);--> statement-breakpoint
CREATE INDEX `participants_event_price_idx` ON `participants` (`event_id`,`price`);--> statement-breakpoint
CREATE INDEX `participants_event_validation_idx` ON `participants` (`event_id`,`last_validation_at`);--> statement-breakpoint
CREATE INDEX `participants_event_promo_idx` ON `participants` (`event_id`,`promo_code_key`);--> statement-breakpoint
CREATE INDEX `participants_event_date_idx` ON `participants` (`event_id`,`event_date`);--> statement-breakpoint
CREATE INDEX `participants_event_ticket_title_idx` ON `participants` (`event_id`,`ticket_title`);--> statement-breakpoint
CREATE INDEX `participants_event_order_idx` ON `participants` (`event_id`,`order_id`);--> statement-breakpoint
CREATE INDEX `orders_event_amount_idx` ON `orders` (`event_id`,`amount`);--> statement-breakpoint
CREATE INDEX `orders_event_checkout_idx` ON `orders` (`event_id`,`checkout_time`);
