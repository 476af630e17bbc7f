import * as v from "valibot";
import {
  ANSWERED,
  answerColumnId,
  answerFiltersOf,
  isChoiceQuestion,
  type AnswerColumn,
  type AnswerFilter,
} from "#domain/participation-forms/answer-columns";
import { dataTableSearchSchema, facetFilter, type DataTableConfig, type DataTableState } from "./data-table-url";

export { ANSWERED, answerColumnId };

/** The participants table showing the question's column, filtered to the given options (or to who answered). */
export function participantsFilteredHref(eventId: number, columnId: string, values: string[]): string {
  const params = new URLSearchParams({
    filters: JSON.stringify([{ id: columnId, value: values }]),
    visibility: JSON.stringify({ [columnId]: true }),
  });
  return `/event/${eventId}/participants?${params.toString()}`;
}

/**
 * A table's config with one filter and one column, hidden by default, per question of the event (decision 0040). The
 * questions come with the page, so the config is built per event; the loader reads the answer filters with
 * `answerFiltersOfUrl` before it knows them.
 */
export function withAnswerColumns(
  config: DataTableConfig,
  columns: readonly Pick<AnswerColumn, "formType" | "questionId" | "options">[],
): DataTableConfig {
  const ids = columns.map((column) => answerColumnId(column.formType, column.questionId));
  return {
    ...config,
    filters: {
      ...config.filters,
      ...Object.fromEntries(
        columns.map((column, i) => [ids[i]!, [ANSWERED, ...column.options.map((option) => option.id)]]),
      ),
    },
    defaultVisibility: { ...config.defaultVisibility, ...Object.fromEntries(ids.map((id) => [id, false])) },
  };
}

/** The answer filters of a table's URL, read with the table's own schema; the domain ignores unknown questions. */
export function answerFiltersOfUrl(url: URL): AnswerFilter[] {
  const filters = url.searchParams.get("filters");
  if (filters === null) return [];
  return answerFiltersOf(v.parse(dataTableSearchSchema, { filters }).filters ?? []);
}

/**
 * The filter menus of the questions: a choice question by option, any question by "answered". Shown for a question
 * whose column is visible or whose filter is set, so that a form of twenty questions does not fill the toolbar.
 */
export function answerFacets(
  columns: readonly AnswerColumn[],
  state: Pick<DataTableState, "filters" | "visibility">,
  answeredLabel: string,
) {
  return columns.flatMap((column) => {
    const id = answerColumnId(column.formType, column.questionId);
    if (!state.visibility[id] && facetFilter(state, id).length === 0) return [];
    const options = isChoiceQuestion(column.type)
      ? column.options.map((option) => ({ value: option.id, label: option.title }))
      : [];
    return [{ id, title: column.title, options: [...options, { value: ANSWERED, label: answeredLabel }] }];
  });
}
