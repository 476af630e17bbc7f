import { MapPin, Search } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { GeocodedPlace } from "#adapters/geocoder";
import type { PlaceSearch } from "#domain/places/search-places";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";

type State =
  | { kind: "idle" }
  | { kind: "searching" }
  | { kind: "results"; places: GeocodedPlace[] }
  | { kind: "empty" }
  | { kind: "offline" }
  | { kind: "unavailable" }
  | { kind: "picked"; label: string };

/**
 * "Rechercher une adresse" for a location form: one search per click or Enter (OpenStreetMap's policy forbids
 * search-as-you-type), suggestions to pick from; picking fills the address and the coordinates, which stay editable.
 * Without a geocoder (offline mode) nothing is suggested and the fields are left as typed.
 */
export function AddressSearch({ onPick, testId }: { onPick: (place: GeocodedPlace) => void; testId?: string }) {
  const { t } = useTranslation("common");
  const ids = useId();
  const [query, setQuery] = useState("");
  const [state, setState] = useState<State>({ kind: "idle" });

  async function search() {
    const q = query.trim();
    if (q.length < 3 || state.kind === "searching") return;
    setState({ kind: "searching" });
    try {
      const response = await fetch(`/api/geocode?${new URLSearchParams({ q })}`, {
        headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new Error(String(response.status));
      const found = (await response.json()) as PlaceSearch;
      if (found.mode === "offline") setState({ kind: "offline" });
      else if (found.unavailable) setState({ kind: "unavailable" });
      else setState(found.places.length > 0 ? { kind: "results", places: found.places } : { kind: "empty" });
    } catch {
      setState({ kind: "unavailable" });
    }
  }

  const message =
    state.kind === "offline"
      ? t("address-search.offline")
      : state.kind === "unavailable"
        ? t("address-search.unavailable")
        : state.kind === "empty"
          ? t("address-search.empty")
          : state.kind === "picked"
            ? t("address-search.picked", { label: state.label })
            : null;

  return (
    <div className="grid gap-2" data-testid={testId ?? "address-search"}>
      <Label htmlFor={`${ids}-query`}>{t("address-search.label")}</Label>
      <div className="flex gap-2">
        <Input
          id={`${ids}-query`}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            // Enter searches; it must not submit the surrounding form.
            if (event.key === "Enter") {
              event.preventDefault();
              void search();
            }
          }}
          placeholder={t("address-search.placeholder")}
          aria-describedby={`${ids}-hint`}
          autoComplete="off"
          maxLength={200}
          className="min-w-0 flex-1"
        />
        <Button
          type="button"
          variant="outline"
          onClick={() => void search()}
          disabled={query.trim().length < 3 || state.kind === "searching"}
        >
          {state.kind === "searching" ? <Spinner label={null} /> : <Search aria-hidden />}
          {t("address-search.search")}
        </Button>
      </div>
      <p id={`${ids}-hint`} className="text-xs text-muted-foreground">
        {t("address-search.hint")}
      </p>
      <div role="status" aria-live="polite">
        {message ? (
          <p className="text-sm text-muted-foreground" data-testid="address-search-message">
            {message}
          </p>
        ) : null}
      </div>
      {state.kind === "results" ? (
        <ul className="grid gap-1 rounded-md border p-1" aria-label={t("address-search.results")}>
          {state.places.map((place) => (
            <li key={`${place.latitude},${place.longitude},${place.label}`}>
              <button
                type="button"
                className="flex w-full items-start gap-2 rounded-sm px-2 py-2 text-left text-sm hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                onClick={() => {
                  onPick(place);
                  setState({ kind: "picked", label: place.label });
                }}
              >
                <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span className="wrap-anywhere">{place.label}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
