-- The participants table's unfiltered total now reads the kept figure of sales_figures (decision 0073): the row
-- count per event and the triggers that kept it on every participant write are no longer read.
DROP TRIGGER IF EXISTS `participants_count_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `participants_count_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `participants_count_move`;--> statement-breakpoint
DROP TABLE `participant_counts`;
