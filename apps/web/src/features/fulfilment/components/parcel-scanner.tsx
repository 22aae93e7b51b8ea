import { parcelScanBody } from '@market/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { useContractForm } from '../../../lib/contract-form';
import { isApiError } from '../../../lib/errors';
import { useScanParcel } from '../api/parcels';

/** The browser's own QR reader (Chrome on Android, macOS and ChromeOS); absent on Linux and Windows desktops. */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type DetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

function detectorConstructor(): DetectorConstructor | undefined {
  return (globalThis as { BarcodeDetector?: DetectorConstructor }).BarcodeDetector;
}

/** Reads the QR code in one video frame, or null. */
type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

/**
 * The browser's reader where it has one; elsewhere jsQR (a maintained pure-JavaScript reader, loaded only when the
 * camera opens) over the frame drawn on a canvas.
 */
async function frameReader(): Promise<FrameReader> {
  const Detector = detectorConstructor();
  if (Detector) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue || null;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data || null;
  };
}

const canOpenCamera = () => typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

/** Reads QR codes from the back camera until one is found; stops the camera when it unmounts. */
function CameraReader({ onRead, onFail }: { onRead(text: string): void; onFail(message: string): void }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const look = async (read: FrameReader) => {
      if (stopped || !video.current) return;
      try {
        const text = await read(video.current);
        if (text) {
          onRead(text);
          return;
        }
      } catch {
        // A frame not ready yet: look again.
      }
      timer = setTimeout(() => void look(read), 300);
    };
    Promise.all([
      navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } }),
      frameReader(),
    ])
      .then(async ([media, read]) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        void look(read);
      })
      .catch(() => onFail('The camera could not be opened. Type the code under the QR code instead.'));
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [onRead, onFail]);
  return (
    <video
      ref={video}
      muted
      playsInline
      aria-label="Camera view: point it at the QR code on the parcel"
      className="aspect-square w-full max-w-sm rounded-lg bg-slate-900 object-cover"
    />
  );
}

/**
 * The carrier scans a parcel's label (or opened its link, `initial`): the server says which of their orders it is,
 * and the order's page opens with the scan attached to the next move. A label of another carrier's parcel, or one
 * not printed here, is refused with the server's message.
 */
export function ParcelScanner({ initial }: { initial?: string }) {
  const navigate = useNavigate();
  const scan = useScanParcel();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useContractForm(parcelScanBody, { defaultValues: { parcel: '' } });
  const [camera, setCamera] = useState(false);
  const [cameraError, setCameraError] = useState<string>();
  const canUseCamera = canOpenCamera();
  const tried = useRef(false);

  const read = useRef((text: string) => {
    setCamera(false);
    scan.mutate(text, {
      onSuccess: (parcel) =>
        navigate(`/shipping-partner/orders/${parcel.orderId}?parcel=${encodeURIComponent(text)}`),
    });
  });
  const fail = useRef((message: string) => {
    setCamera(false);
    setCameraError(message);
  });

  useEffect(() => {
    if (initial && !tried.current) {
      tried.current = true;
      read.current(initial);
    }
  }, [initial]);

  const submit = handleSubmit(({ parcel }) => read.current(parcel));

  return (
    <div className="space-y-4">
      {scan.isError ? (
        <FormAlert>
          {isApiError(scan.error) ? scan.error.message : 'Could not read this label. Check your connection.'}
        </FormAlert>
      ) : null}
      {scan.isPending ? <p role="status">Finding the parcel…</p> : null}
      {canUseCamera ? (
        camera ? (
          <div className="space-y-2">
            <CameraReader onRead={read.current} onFail={fail.current} />
            <Button variant="secondary" onClick={() => setCamera(false)}>
              Stop camera
            </Button>
          </div>
        ) : (
          <Button onClick={() => setCamera(true)}>Scan with the camera</Button>
        )
      ) : (
        <p className="text-sm text-slate-700">
          This browser cannot open a camera: open the label's link with your phone's camera app, or type the
          code printed under the QR code.
        </p>
      )}
      {cameraError ? <FormAlert>{cameraError}</FormAlert> : null}
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
        <TextField
          label="Code under the QR code"
          autoComplete="off"
          error={errors.parcel?.message}
          {...register('parcel')}
        />
        <Button type="submit" variant="secondary" disabled={!watch('parcel').trim() || scan.isPending}>
          Find parcel
        </Button>
      </form>
    </div>
  );
}
