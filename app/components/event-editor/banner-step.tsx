import { ImageIcon, ImagePlus, Trash2, TriangleAlert, Upload } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useRevalidator } from "react-router";
import { toast } from "~/lib/toast";
import { bannerSrcSet, BANNER_SOURCE_TYPES } from "#domain/images/banner";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog-lazy";
import { Button } from "~/components/ui/button";
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
import { Skeleton } from "~/components/ui/skeleton";
import {
  BANNER_MIN_HEIGHT,
  BANNER_MIN_WIDTH,
  checkBannerSource,
  isLowResolution,
  loadImageElement,
  renderBannerSizes,
  uploadBanner,
  type CropArea,
} from "./banner-image";

// The cropper is loaded with the banner step (see the preload below), not with the editor page.
const loadCropper = () => import("react-easy-crop");
const Cropper = lazy(loadCropper);

type Phase = "idle" | "cropping" | "preparing" | "uploading";

/**
 * Spec §2/§9 banner: pick a JPEG, PNG or WebP (10 MB at most), crop it 16:9 in the browser, resize it to the WebP
 * sizes and upload them; the event's main_picture then points at the new version. Saved at once, apart from the
 * other fields of the form. A source under 1280 × 720 is still accepted (an organizer may have nothing better), with
 * a warning that the banner may look blurry.
 */
export function BannerStep({ eventId, mainPicture, title }: { eventId: number; mainPicture: string; title: string }) {
  const { t } = useTranslation("editor");
  const inputId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  const removal = useFetcher<{ ok: boolean }>();
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>("idle");
  const [source, setSource] = useState<{ url: string; name: string } | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<CropArea | null>(null);
  const [dragging, setDragging] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [lowResolution, setLowResolution] = useState<{ width: number; height: number } | null>(null);

  useEffect(() => {
    void loadCropper();
  }, []);

  useEffect(() => () => (source ? URL.revokeObjectURL(source.url) : undefined), [source]);

  useEffect(() => {
    if (removal.state === "idle" && removal.data?.ok) toast.success(t("banner.removed"));
  }, [removal.state, removal.data, t]);

  async function pick(file: File | undefined) {
    setError(null);
    setLowResolution(null);
    if (!file) return;
    const problem = await checkBannerSource(file);
    if (problem) {
      setError(problem);
      return;
    }
    const url = URL.createObjectURL(file);
    let size: { width: number; height: number };
    try {
      const image = await loadImageElement(url);
      size = { width: image.naturalWidth, height: image.naturalHeight };
    } catch {
      URL.revokeObjectURL(url);
      setError("editor:banner.errors.unreadable");
      return;
    }
    setLowResolution(isLowResolution(size.width, size.height) ? size : null);
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setArea(null);
    setSource({ url, name: file.name });
    setPhase("cropping");
  }

  const onCropComplete = useCallback((_: CropArea, pixels: CropArea) => setArea(pixels), []);

  function closeCropper() {
    setPhase("idle");
    setSource(null);
    if (inputRef.current) inputRef.current.value = "";
  }

  async function confirmCrop() {
    if (!source || !area) return;
    setPhase("preparing");
    let parts: { width: number; blob: Blob }[];
    try {
      const image = await loadImageElement(source.url);
      parts = await renderBannerSizes(image, area);
    } catch (cause) {
      setError(
        cause instanceof Error && cause.message === "too large"
          ? "editor:banner.errors.part-too-large"
          : "editor:banner.errors.processing-failed",
      );
      closeCropper();
      return;
    }
    setPhase("uploading");
    const result = await uploadBanner(eventId, parts);
    closeCropper();
    if (!result.ok) {
      setError(result.messageKey);
      toast.error(t("toasts.update-failed"));
      return;
    }
    toast.success(t("banner.uploaded"));
    await revalidator.revalidate();
  }

  const busy = phase === "preparing" || phase === "uploading" || removal.state !== "idle";
  const accept = BANNER_SOURCE_TYPES.join(",");

  return (
    <div className="space-y-4">
      <div
        className={cn(
          "relative aspect-video w-full max-w-3xl overflow-hidden rounded-xl border bg-muted",
          dragging && "ring-2 ring-primary ring-offset-2",
        )}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void pick(event.dataTransfer.files[0]);
        }}
        data-testid="banner-preview"
      >
        {mainPicture ? (
          <img
            src={mainPicture}
            srcSet={bannerSrcSet(mainPicture)}
            sizes="(min-width: 1024px) 720px, 100vw"
            alt={t("banner.current-alt")}
            className="absolute inset-0 size-full object-cover"
          />
        ) : (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-gradient-to-br from-indigo-700 to-violet-600 p-6 text-center text-white">
            <ImageIcon className="size-10 opacity-80" aria-hidden />
            <p className="text-lg font-semibold drop-shadow-sm">{title || t("heading.untitled")}</p>
            <p className="text-sm opacity-90">{t("banner.empty")}</p>
          </div>
        )}
        {busy ? (
          <div
            className="absolute inset-0 flex items-center justify-center gap-2 bg-background/80 text-sm font-medium"
            role="status"
          >
            <Spinner label={null} />
            {phase === "preparing"
              ? t("banner.preparing")
              : phase === "uploading"
                ? t("banner.uploading")
                : t("banner.removing")}
          </div>
        ) : null}
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={accept}
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          aria-invalid={error ? true : undefined}
          onChange={(event) => void pick(event.target.files?.[0])}
          disabled={busy}
          data-testid="banner-file-input"
        />
        <Button
          type="button"
          variant={mainPicture ? "outline" : "default"}
          disabled={busy}
          onClick={() => inputRef.current?.click()}
          aria-describedby={error ? `${errorId} ${inputId}-help` : `${inputId}-help`}
        >
          {mainPicture ? <Upload aria-hidden /> : <ImagePlus aria-hidden />}
          {mainPicture ? t("banner.replace") : t("banner.choose")}
        </Button>
        <span className="hidden text-sm text-muted-foreground sm:inline">{t("banner.drop-hint")}</span>
        {mainPicture ? (
          <Button
            type="button"
            variant="ghost"
            className="ml-auto text-destructive hover:text-destructive"
            onClick={() => setConfirmRemove(true)}
            disabled={busy}
          >
            <Trash2 aria-hidden />
            {t("banner.remove")}
          </Button>
        ) : null}
      </div>
      <p id={`${inputId}-help`} className="text-sm text-muted-foreground">
        {t("banner.help")}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive" data-testid="banner-error">
          {t(error as never)}
        </p>
      ) : null}
      {lowResolution && phase === "idle" ? <LowResolutionWarning {...lowResolution} /> : null}

      <Dialog
        open={phase !== "idle" && source !== null}
        onOpenChange={(open) => (!open && phase === "cropping" ? closeCropper() : undefined)}
      >
        <DialogContent className="sm:max-w-3xl" data-testid="banner-cropper">
          <DialogHeader>
            <DialogTitle>{t("banner.crop-title")}</DialogTitle>
            <DialogDescription>{t("banner.crop-description")}</DialogDescription>
          </DialogHeader>
          {lowResolution ? <LowResolutionWarning {...lowResolution} /> : null}
          <div className="relative aspect-video w-full overflow-hidden rounded-lg bg-neutral-900">
            {source ? (
              <Suspense
                fallback={
                  <div
                    className="absolute inset-0 grid place-items-center"
                    role="status"
                    aria-label={t("banner.loading-cropper")}
                  >
                    <Skeleton className="h-3/4 w-3/4 bg-neutral-700" />
                  </div>
                }
              >
                <Cropper
                  image={source.url}
                  crop={crop}
                  zoom={zoom}
                  aspect={16 / 9}
                  minZoom={1}
                  maxZoom={4}
                  objectFit="cover"
                  onCropChange={setCrop}
                  onZoomChange={setZoom}
                  onCropComplete={onCropComplete}
                  showGrid
                  cropperProps={{ "aria-label": t("banner.crop-title") }}
                  mediaProps={{ alt: source.name } as React.ImgHTMLAttributes<HTMLElement>}
                />
              </Suspense>
            ) : null}
          </div>
          <label className="flex items-center gap-3 text-sm">
            <span className="shrink-0 font-medium">{t("banner.zoom")}</span>
            <input
              type="range"
              min={1}
              max={4}
              step={0.01}
              value={zoom}
              onChange={(event) => setZoom(Number(event.target.value))}
              className="w-full accent-primary"
              disabled={phase !== "cropping"}
            />
          </label>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={closeCropper} disabled={phase !== "cropping"}>
              {t("banner.crop-cancel")}
            </Button>
            <Button
              type="button"
              onClick={() => void confirmCrop()}
              disabled={phase !== "cropping" || !area}
              data-testid="banner-crop-confirm"
            >
              {phase === "preparing" || phase === "uploading" ? <Spinner label={null} /> : null}
              {phase === "preparing"
                ? t("banner.preparing")
                : phase === "uploading"
                  ? t("banner.uploading")
                  : t("banner.crop-confirm")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <AlertDialog open={confirmRemove} onOpenChange={setConfirmRemove}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("banner.remove-confirm-title")}</AlertDialogTitle>
            <AlertDialogDescription>{t("banner.remove-confirm-description")}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("banner.crop-cancel")}</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={() => {
                setError(null);
                void removal.submit({ intent: "remove-banner" }, { method: "post" });
              }}
            >
              {t("banner.remove-confirm")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

function LowResolutionWarning({ width, height }: { width: number; height: number }) {
  const { t } = useTranslation("editor");
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      data-testid="banner-low-resolution"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      {t("banner.low-resolution", { width, height, minWidth: BANNER_MIN_WIDTH, minHeight: BANNER_MIN_HEIGHT })}
    </p>
  );
}
