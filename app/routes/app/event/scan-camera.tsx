import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

type Detector = (video: HTMLVideoElement, canvas: HTMLCanvasElement) => Promise<string | null>;

type BarcodeDetectorLike = { detect(source: CanvasImageSource): Promise<Array<{ rawValue: string }>> };
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

/**
 * The browser's own BarcodeDetector where it has one (Chrome on Android); otherwise jsQR, loaded only now that the
 * camera is on, so the page itself stays light.
 */
async function createDetector(): Promise<Detector> {
  const Native = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Native) {
    const detector = new Native({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import("jsqr");
  return async (video, canvas) => {
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!width || !height) return null;
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) return null;
    context.drawImage(video, 0, 0, width, height);
    const image = context.getImageData(0, 0, width, height);
    return jsQR(image.data, width, height, { inversionAttempts: "dontInvert" })?.data ?? null;
  };
}

/**
 * Camera preview that reports every read of a QR code, frame after frame: the page's scan gate (app/lib/scan-gate.ts)
 * decides which reads count, and needs to know a ticket is still in view.
 */
export function ScanCamera({ onCode, onUnavailable }: { onCode: (code: string) => void; onUnavailable: () => void }) {
  const { t } = useTranslation("check-ins");
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  const onUnavailableRef = useRef(onUnavailable);
  onUnavailableRef.current = onUnavailable;
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: number | undefined;
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
        const video = videoRef.current;
        if (stopped || !video) return;
        video.srcObject = stream;
        await video.play();
        const detect = await createDetector();
        setReady(true);
        const tick = async () => {
          if (stopped) return;
          try {
            const code = await detect(video, canvasRef.current!);
            if (code) onCodeRef.current(code);
          } catch {
            // A frame that could not be read: try the next one.
          }
          timer = window.setTimeout(() => void tick(), 200);
        };
        void tick();
      } catch {
        if (!stopped) onUnavailableRef.current();
      }
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div className="relative overflow-hidden rounded-lg bg-black">
      <video
        ref={videoRef}
        className="aspect-square w-full object-cover"
        muted
        playsInline
        aria-label={t("camera.hint")}
      />
      <canvas ref={canvasRef} className="hidden" />
      <div className="pointer-events-none absolute inset-[15%] rounded-lg border-4 border-white/80" />
      {ready && (
        <p className="absolute inset-x-0 bottom-2 text-center text-sm font-medium text-white drop-shadow">
          {t("camera.hint")}
        </p>
      )}
    </div>
  );
}
