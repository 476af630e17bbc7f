import { Code, Copy } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { RadioGroup, RadioGroupItem } from "~/components/ui/radio-group";
import { Textarea } from "~/components/ui/textarea";
import { embedPageUrl, validMaxWidth, widgetSnippet, type WidgetSnippetOptions } from "~/lib/widget-snippet";

/**
 * The booking widget's snippet generator (issue 26 §5, docs/contracts/booking-widget.md): language, code type and
 * maximum width, the code to copy, and the embed page itself as a live preview. The colours are the event's.
 */
export function BookingWidgetCard({
  origin,
  eventId,
  token,
  published,
}: {
  origin: string;
  eventId: number;
  token: string | null;
  published: boolean;
}) {
  const { t } = useTranslation("embed");
  const [lang, setLang] = useState<WidgetSnippetOptions["lang"]>("fr");
  const [kind, setKind] = useState<WidgetSnippetOptions["kind"]>("script");
  const [maxWidthText, setMaxWidthText] = useState("");
  const maxWidth = validMaxWidth(maxWidthText.trim() === "" ? null : Number(maxWidthText));
  const snippet = widgetSnippet({ origin, eventId, lang, kind, maxWidth, token });
  const codeId = useId();

  async function copy() {
    try {
      await navigator.clipboard.writeText(snippet);
      toast.success(t("generator.copied"));
    } catch {
      toast.error(t("generator.copy-failed"));
    }
  }

  return (
    <Card data-testid="booking-widget-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Code className="size-4 text-muted-foreground" aria-hidden />
          {t("generator.title")}
        </CardTitle>
        <CardDescription>{t("generator.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {published ? null : (
          <p className="text-sm text-muted-foreground" data-testid="booking-widget-draft">
            {t("generator.draft")}
          </p>
        )}
        <div className="grid gap-5 md:grid-cols-3">
          <Choice
            legend={t("generator.language")}
            value={lang}
            onChange={(value) => setLang(value as typeof lang)}
            options={[
              ["fr", t("generator.language-fr")],
              ["en", t("generator.language-en")],
            ]}
          />
          <Choice
            legend={t("generator.kind")}
            value={kind}
            onChange={(value) => setKind(value as typeof kind)}
            options={[
              ["script", t("generator.kind-script")],
              ["iframe", t("generator.kind-iframe")],
            ]}
          />
          <Field label={t("generator.max-width")} description={t("generator.max-width-hint")}>
            <Input
              inputMode="numeric"
              value={maxWidthText}
              onChange={(event) => setMaxWidthText(event.target.value.replace(/\D/g, "").slice(0, 4))}
              placeholder="720"
              className="max-w-32"
              data-testid="booking-widget-max-width"
            />
          </Field>
        </div>
        <p className="text-sm text-muted-foreground">{t("generator.colour")}</p>
        <div className="grid gap-2">
          <Label htmlFor={codeId}>{t("generator.code-label")}</Label>
          <Textarea
            id={codeId}
            readOnly
            value={snippet}
            rows={kind === "script" ? 3 : 4}
            className="font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
            data-testid="booking-widget-code"
          />
        </div>
        {published ? (
          <div className="grid gap-2">
            <h3 className="text-sm font-medium">{t("generator.preview")}</h3>
            <div className="rounded-md border bg-muted/40 p-3">
              <iframe
                src={embedPageUrl({ origin: "", eventId, lang, token })}
                title={t("generator.preview-title")}
                loading="lazy"
                className="h-[28rem] w-full rounded border-0 bg-white"
                style={maxWidth ? { maxWidth: `${maxWidth}px` } : undefined}
                data-testid="booking-widget-preview"
              />
            </div>
          </div>
        ) : null}
      </CardContent>
      <CardFooter className="justify-end border-t">
        <Button type="button" onClick={() => void copy()} data-testid="booking-widget-copy">
          <Copy aria-hidden />
          {t("generator.copy")}
        </Button>
      </CardFooter>
    </Card>
  );
}

function Choice({
  legend,
  value,
  onChange,
  options,
}: {
  legend: string;
  value: string;
  onChange: (value: string) => void;
  options: [string, string][];
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <RadioGroup value={value} onValueChange={onChange} className="gap-2">
        {options.map(([option, label]) => (
          <div key={option} className="flex items-center gap-2">
            <RadioGroupItem value={option} id={`${id}-${option}`} />
            <Label htmlFor={`${id}-${option}`} className="font-normal">
              {label}
            </Label>
          </div>
        ))}
      </RadioGroup>
    </fieldset>
  );
}
