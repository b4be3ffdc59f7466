import '@web/lib/words/books';
import * as RadixDialog from '@radix-ui/react-dialog';
import { ScanBarcode } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';

type Problem = 'noCamera' | 'denied' | 'failed';

function problemOf(error: unknown): Problem {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noCamera';
  return 'failed';
}

/**
 * "Scan ISBN": opens the camera and reads the book's EAN-13 barcode on this device. The
 * decoder is loaded when the scanner opens; frames go to it in memory and never leave the
 * device. Without a camera or permission the button says so, and the ISBN field stays as it is.
 */
export function IsbnScanButton({ onScanned }: { onScanned: (isbn: string) => void }) {
  const { t } = useTranslation('books');
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  const start = () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem('noCamera');
      return;
    }
    setProblem(null);
    setOpen(true);
  };

  return (
    <div className="space-y-1.5">
      <Button type="button" variant="outline" onClick={start}>
        <ScanBarcode className="size-4" aria-hidden />
        {t('form.scanIsbn')}
      </Button>
      {problem && (
        <p role="status" className="text-sm text-amber-800">
          {t(`scanner.${problem}`)}
        </p>
      )}
      <RadixDialog.Root open={open} onOpenChange={setOpen}>
        <RadixDialog.Portal>
          <RadixDialog.Overlay className="fixed inset-0 z-40 bg-stone-900/60" />
          <RadixDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-5 shadow-xl focus:outline-none">
            <RadixDialog.Title className="text-lg font-semibold text-stone-900">
              {t('scanner.title')}
            </RadixDialog.Title>
            <RadixDialog.Description className="mt-1 text-sm text-stone-600">
              {t('scanner.description')}
            </RadixDialog.Description>
            {open && (
              <ScannerView
                onScanned={(isbn) => {
                  setOpen(false);
                  onScanned(isbn);
                }}
                onProblem={(p) => {
                  setOpen(false);
                  setProblem(p);
                }}
              />
            )}
            <div className="mt-4 flex justify-end">
              <RadixDialog.Close asChild>
                <Button variant="outline">{t('scanner.close')}</Button>
              </RadixDialog.Close>
            </div>
          </RadixDialog.Content>
        </RadixDialog.Portal>
      </RadixDialog.Root>
    </div>
  );
}

/** The camera and the decoding loop, from open to close: the camera stops when it unmounts. */
function ScannerView({
  onScanned,
  onProblem,
}: {
  onScanned: (isbn: string) => void;
  onProblem: (problem: Problem) => void;
}) {
  const { t } = useTranslation('books');
  const video = useRef<HTMLVideoElement>(null);
  const [looking, setLooking] = useState(false);
  const report = useRef({ onScanned, onProblem });
  report.current = { onScanned, onProblem };

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    (async () => {
      try {
        const [decoder, media] = await Promise.all([
          import('../barcode-decoder'),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
        ]);
        stream = media;
        // Closed while the camera was starting: the cleanup ran before there was a stream.
        if (stopped || !video.current) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        video.current.srcObject = stream;
        await video.current.play();
        const detector = await decoder.createEan13Detector();
        setLooking(true);
        const scan = async () => {
          if (stopped || !video.current) return;
          const found = await detector.detect(video.current).catch(() => []);
          const isbn = found.map((b) => b.rawValue).find(decoder.isBooklandEan);
          if (isbn && !stopped) report.current.onScanned(isbn);
          else timer = setTimeout(scan, 250);
        };
        await scan();
      } catch (error) {
        if (!stopped) report.current.onProblem(problemOf(error));
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <div className="mt-4 space-y-2">
      <video
        ref={video}
        muted
        playsInline
        aria-label={t('scanner.video')}
        className="aspect-[4/3] w-full rounded-lg bg-stone-900 object-cover"
      />
      <p role="status" className="text-sm text-stone-600">
        {looking ? t('scanner.looking') : t('scanner.starting')}
      </p>
    </div>
  );
}
