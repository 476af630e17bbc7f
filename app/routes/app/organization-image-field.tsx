import { ImagePlus, Trash2 } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { toast } from "~/lib/toast";
import { BANNER_PART_MAX_BYTES, BANNER_SOURCE_TYPES, BANNER_WEBP_QUALITY } from "#domain/images/banner";
import {
  ORGANIZATION_IMAGE_ASPECT,
  ORGANIZATION_IMAGE_SIZES,
  organizationImagePartName,
  type OrganizationImageKind,
} from "#domain/organizations/organization-images";
import { checkBannerSource, loadImageElement, type CropArea } from "~/components/event-editor/banner-image";
import { Button } from "~/components/ui/button";
import { api } from "~/lib/api-client";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog-lazy";
import { Spinner } from "~/components/ui/spinner";
import { cn } from "~/lib/utils";

// The same cropper as the event banner, loaded when the page mounts rather than with the app.
const loadCropper = () => import("react-easy-crop");
const Cropper = lazy(loadCropper);

async function renderSizes(kind: OrganizationImageKind, image: CanvasImageSource, area: CropArea) {
  const out: { width: number; blob: Blob }[] = [];
  for (const size of ORGANIZATION_IMAGE_SIZES[kind]) {
    const canvas = document.createElement("canvas");
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d context");
    context.imageSmoothingQuality = "high";
    context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size.width, size.height);
    let blob: Blob | null = null;
    for (const quality of [BANNER_WEBP_QUALITY, 0.7, 0.5]) {
      blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/webp", quality));
      if (!blob || blob.type !== "image/webp") throw new Error("webp encoding unsupported");
      if (blob.size <= BANNER_PART_MAX_BYTES) break;
    }
    out.push({ width: size.width, blob: blob! });
  }
  return out;
}

/**
 * The logo (1:1) or the cover (3:1, 1200 × 400) of the organization: pick a picture, crop it in the browser with the
 * event banner's cropper, upload the WebP sizes (POST /api/organizers/:id/images/:kind). Saved at once, apart from
 * the rest of the form.
 */
export function OrganizationImageField({
  organizationId,
  kind,
  url,
  label,
  hint,
}: {
  organizationId: number;
  kind: OrganizationImageKind;
  url: string;
  label: string;
  hint: string;
}) {
  const { t } = useTranslation("organization");
  const { t: te } = useTranslation("editor");
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  const [source, setSource] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<CropArea | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void loadCropper();
  }, []);
  useEffect(() => () => (source ? URL.revokeObjectURL(source) : undefined), [source]);

  async function pick(file: File | undefined) {
    if (!file) return;
    const problem = await checkBannerSource(file);
    if (problem) {
      toast.error(te(problem.replace("editor:", "") as never));
      return;
    }
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setSource(URL.createObjectURL(file));
  }

  async function apply() {
    if (!source || !area) return;
    setBusy(true);
    try {
      const image = await loadImageElement(source);
      const parts = await renderSizes(kind, image, area);
      const body = new FormData();
      for (const part of parts)
        body.append(organizationImagePartName(kind, part.width), part.blob, `${kind}-${part.width}.webp`);
      const answer = await api.uploadOrganizationImage(organizationId, kind, body);
      if (!answer.ok) throw new Error(`upload ${answer.status}`);
      setSource(null);
      toast.success(t("profile.saved"));
      await revalidator.revalidate();
    } catch {
      toast.error(t("profile.upload-failed"));
    } finally {
      setBusy(false);
      if (inputRef.current) inputRef.current.value = "";
    }
  }

  async function remove() {
    setBusy(true);
    try {
      const answer = await api.deleteOrganizationImage(organizationId, kind);
      if (!answer.ok) throw new Error(`delete ${answer.status}`);
      await revalidator.revalidate();
    } catch {
      toast.error(t("profile.save-failed"));
    } finally {
      setBusy(false);
    }
  }

  const aspect = ORGANIZATION_IMAGE_ASPECT[kind];
  return (
    <div className="space-y-2" data-testid={`organization-${kind}`}>
      <p className="text-sm font-medium">{label}</p>
      <div
        className={cn(
          "relative overflow-hidden rounded-lg border bg-muted",
          kind === "logo" ? "aspect-square w-32" : "aspect-[3/1] w-full max-w-xl",
        )}
      >
        {url ? (
          <img src={url} alt="" className="size-full object-cover" />
        ) : (
          <div className="grid size-full place-items-center text-muted-foreground">
            <ImagePlus className="size-6" aria-hidden />
          </div>
        )}
        {busy ? (
          <div className="absolute inset-0 grid place-items-center bg-background/60">
            <Spinner label={t("profile.uploading")} />
          </div>
        ) : null}
      </div>
      <p className="text-xs text-muted-foreground">{hint}</p>
      <div className="flex flex-wrap gap-2">
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={BANNER_SOURCE_TYPES.join(",")}
          className="sr-only"
          // Named for assistive technology; out of the tab order: the visible button below opens it.
          aria-label={label}
          tabIndex={-1}
          onChange={(event) => void pick(event.target.files?.[0])}
          data-testid={`organization-${kind}-input`}
        />
        <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => inputRef.current?.click()}>
          <ImagePlus aria-hidden />
          {url ? t("profile.replace-image") : t("profile.choose-image")}
        </Button>
        {url ? (
          <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={() => void remove()}>
            <Trash2 aria-hidden />
            {t("profile.remove-image")}
          </Button>
        ) : null}
      </div>
      <Dialog open={source !== null} onOpenChange={(open) => (!open && !busy ? setSource(null) : undefined)}>
        <DialogContent className="sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>{t("profile.crop-title")}</DialogTitle>
            <DialogDescription>{hint}</DialogDescription>
          </DialogHeader>
          <div className="relative h-72 w-full overflow-hidden rounded-lg bg-neutral-900 sm:h-96">
            {source ? (
              <Suspense fallback={<Spinner label={null} />}>
                <Cropper
                  image={source}
                  crop={crop}
                  zoom={zoom}
                  aspect={aspect}
                  cropShape={kind === "logo" ? "round" : "rect"}
                  onCropChange={setCrop}
                  onZoomChange={setZoom}
                  onCropComplete={(_, pixels) => setArea(pixels)}
                />
              </Suspense>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={() => setSource(null)}>
              {t("profile.crop-cancel")}
            </Button>
            <Button
              type="button"
              disabled={busy || !area}
              onClick={() => void apply()}
              data-testid={`organization-${kind}-apply`}
            >
              {busy ? <Spinner label={null} /> : null}
              {t("profile.crop-apply")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
