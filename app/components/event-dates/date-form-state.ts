import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";

/** What the dates page's action answers (app/routes/app/event/dates.tsx). */
export type DatesAnswer =
  | { ok: true; intent: string; count: number }
  | {
      ok: false;
      intent: string | null;
      count: number;
      errors?: { formError?: string; fields?: Record<string, string> };
    };

/** The message to show for a refused answer: the first field's own key, else the form's. */
export function answerErrorKey(answer: DatesAnswer | undefined): string | null {
  if (!answer || answer.ok) return null;
  const fields = answer.errors?.fields ? Object.values(answer.errors.fields) : [];
  return fields[0] ?? answer.errors?.formError ?? "errors:internal-error";
}

/** A dialog's fetcher posting JSON to the dates page; `onSaved` runs once per accepted answer. */
export function useDatesSubmit(key: string, onSaved: (count: number) => void) {
  const fetcher = useFetcher<DatesAnswer>({ key });
  // An answer from before this mount (keyed fetchers keep theirs) is not news.
  const handled = useRef<unknown>(fetcher.data);
  const saved = useRef(onSaved);
  saved.current = onSaved;
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) saved.current(answer.count);
  }, [fetcher.state, fetcher.data]);
  // A refusal shows from the submit that got it until the next one.
  const [asked, setAsked] = useState(false);
  const submit = (payload: Record<string, unknown>) => {
    setAsked(true);
    void fetcher.submit(JSON.parse(JSON.stringify(payload)), { method: "post", encType: "application/json" });
  };
  const busy = fetcher.state !== "idle";
  const error = busy || !asked ? null : answerErrorKey(fetcher.data);
  return { submit, busy, error };
}
