import {
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { FiX } from 'react-icons/fi';
import { ResponsiveImage } from '../../../components/responsive-image.tsx';
import { useModal } from '../../../components/use-modal.ts';
import { imageSizes } from '../../../lib/image-variants.ts';

/** How far a pointer must travel sideways, in CSS pixels, to be a swipe rather than a tap. */
const SWIPE_DISTANCE = 40;
const STEP_KEYS: Partial<Record<string, number>> = { ArrowLeft: -1, ArrowRight: 1 };

/**
 * Swipes over an element: a pointer that travels mostly sideways shows the next photo (leftwards)
 * or the previous one. A mouse swipe also ends in a click; `tapped` tells the two apart.
 */
function useSwipe(onStep: (by: number) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);
  const handlers = {
    onPointerDown: (event: PointerEvent) => {
      start.current = { x: event.clientX, y: event.clientY };
      swiped.current = false;
    },
    onPointerUp: (event: PointerEvent) => {
      if (!start.current) return;
      const across = event.clientX - start.current.x;
      const down = event.clientY - start.current.y;
      start.current = null;
      swiped.current = Math.abs(across) >= SWIPE_DISTANCE && Math.abs(across) > Math.abs(down);
      if (swiped.current) onStep(across < 0 ? 1 : -1);
    },
    // The browser took the pointer over, to scroll the page.
    onPointerCancel: () => {
      start.current = null;
    },
  };
  return { handlers, tapped: () => !swiped.current };
}

/**
 * A listing's photos: the one shown in a box of fixed shape (nothing moves while photos load),
 * the others as thumbnails. ←/→ (with focus in the gallery), swipes and the arrow buttons move
 * between photos; clicking the photo shows it full size in a dialog that Escape closes.
 */
export function PhotoGallery({ photos, productName }: { photos: string[]; productName: string }) {
  const [shown, setShown] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const keysHint = useId();
  const count = photos.length;
  const step = (by: number) => setShown((index) => (index + by + count) % count);
  const swipe = useSwipe(step);
  const photo = {
    src: photos[shown] ?? '',
    alt: `${productName}, photo ${shown + 1} of ${count}`,
  };
  const steps = count > 1 && <PhotoSteps shown={shown} count={count} onStep={step} />;

  const onKeyDown = (event: KeyboardEvent) => {
    const by = STEP_KEYS[event.key];
    if (by === undefined || count < 2) return;
    event.preventDefault();
    step(by);
  };

  return (
    <section aria-label={`Photos of ${productName}`} className="grid gap-3" onKeyDown={onKeyDown}>
      <div className="bg-base-200 rounded-box relative aspect-[4/3] overflow-hidden">
        <button
          type="button"
          className="size-full cursor-zoom-in touch-pan-y"
          aria-label={`Enlarge photo ${shown + 1} of ${count}`}
          aria-describedby={count > 1 ? keysHint : undefined}
          onClick={() => setZoomed(swipe.tapped())}
          {...swipe.handlers}
        >
          <ResponsiveImage
            {...photo}
            sizes={imageSizes.gallery}
            className="size-full object-contain"
            fetchPriority="high"
            draggable={false}
          />
        </button>
        {steps}
      </div>
      {count > 1 && (
        <>
          <p id={keysHint} className="sr-only">
            The left and right arrow keys show the other photos.
          </p>
          <ul className="flex gap-2 overflow-x-auto p-1" aria-label="All photos">
            {photos.map((thumbnail, index) => (
              <li key={`${index}-${thumbnail}`} className="shrink-0">
                <button
                  type="button"
                  className="rounded-field aria-[current=true]:border-primary block overflow-hidden border-2 border-transparent"
                  aria-label={`Show photo ${index + 1} of ${count}`}
                  aria-current={index === shown}
                  onClick={() => setShown(index)}
                >
                  <ResponsiveImage
                    src={thumbnail}
                    sizes={imageSizes.thumbnail}
                    alt=""
                    className="h-14 w-[4.5rem] object-cover"
                    draggable={false}
                  />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {zoomed && (
        <ZoomedPhoto photo={photo} swipe={swipe.handlers} onClose={() => setZoomed(false)}>
          {steps}
        </ZoomedPhoto>
      )}
    </section>
  );
}

/** Previous and next, over the photo, and where it is among them (announced as it changes). */
function PhotoSteps({
  shown,
  count,
  onStep,
}: {
  shown: number;
  count: number;
  onStep: (by: number) => void;
}) {
  const stepClass = 'btn btn-circle btn-sm absolute top-1/2 -translate-y-1/2 text-xl opacity-90';
  return (
    <>
      <button
        type="button"
        className={`${stepClass} left-2`}
        aria-label="Previous photo"
        onClick={() => onStep(-1)}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <button
        type="button"
        className={`${stepClass} right-2`}
        aria-label="Next photo"
        onClick={() => onStep(1)}
      >
        <span aria-hidden="true">›</span>
      </button>
      <p className="badge badge-neutral absolute right-2 bottom-2" aria-live="polite">
        <span aria-hidden="true">
          {shown + 1} / {count}
        </span>
        <span className="sr-only">
          Photo {shown + 1} of {count}
        </span>
      </p>
    </>
  );
}

/** The photo at full size in a modal dialog; Escape, the close button or the backdrop close it. */
function ZoomedPhoto({
  photo,
  swipe,
  onClose,
  children,
}: {
  photo: { src: string; alt: string };
  swipe: ReturnType<typeof useSwipe>['handlers'];
  onClose: () => void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useModal(dialog, true);
  return (
    <dialog ref={dialog} className="modal" aria-label={photo.alt} onClose={onClose}>
      <div className="modal-box w-full max-w-5xl p-2 sm:p-4">
        <button
          type="button"
          className="btn btn-circle btn-sm absolute top-2 right-2 z-10"
          aria-label="Close"
          onClick={onClose}
        >
          <FiX aria-hidden="true" />
        </button>
        <div className="relative touch-pan-y" {...swipe}>
          <ResponsiveImage
            {...photo}
            sizes={imageSizes.zoomed}
            className="mx-auto max-h-[80vh] object-contain"
            draggable={false}
          />
          {children}
        </div>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit">close</button>
      </form>
    </dialog>
  );
}
