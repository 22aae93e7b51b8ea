import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/errors';
import { useScanParcel } from '../api/parcels';

/** The browser's own QR reader (Chrome on Android and others); absent elsewhere, where typing the code works. */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type DetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

function detectorConstructor(): DetectorConstructor | undefined {
  return (globalThis as { BarcodeDetector?: DetectorConstructor }).BarcodeDetector;
}

/** Reads QR codes from the back camera until one is found; stops the camera when it unmounts. */
function CameraReader({ onRead, onFail }: { onRead(text: string): void; onFail(message: string): void }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const Detector = detectorConstructor();
    if (!Detector) return;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const detector = new Detector({ formats: ['qr_code'] });
    const look = async () => {
      if (stopped || !video.current) return;
      try {
        const [code] = await detector.detect(video.current);
        if (code?.rawValue) {
          onRead(code.rawValue);
          return;
        }
      } catch {
        // A frame not ready yet: look again.
      }
      timer = setTimeout(look, 300);
    };
    navigator.mediaDevices
      ?.getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        void look();
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
  const [typed, setTyped] = useState('');
  const [camera, setCamera] = useState(false);
  const [cameraError, setCameraError] = useState<string>();
  const canUseCamera = Boolean(detectorConstructor());
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim()) read.current(typed.trim());
  };

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
          This browser cannot read QR codes itself: open the label's link with your phone's camera app, or
          type the code printed under the QR code.
        </p>
      )}
      {cameraError ? <FormAlert>{cameraError}</FormAlert> : null}
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
        <TextField
          label="Code under the QR code"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={!typed.trim() || scan.isPending}>
          Find parcel
        </Button>
      </form>
    </div>
  );
}
