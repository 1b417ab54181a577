import { useEffect, useRef, useState } from 'react';
import type { IconType } from 'react-icons';
// Lucide, Feather's successor (same look): the navbar's Feather set is in the home page's first
// bundle, and every Feather icon used anywhere would be added to it.
import { LuChevronLeft, LuChevronRight, LuStar, LuTrash2 } from 'react-icons/lu';
import { IMAGE_ACCEPT_ATTRIBUTE, MAX_IMAGE_BYTES, imageFileProblem } from '../lib/upload-image.ts';
import { Field, describedBy } from './form-field.tsx';

/** One photo of a listing: already stored (its URL), or a file chosen here, sent on save. */
export type PhotoItem = { key: string } & ({ url: string } | { file: File; preview: string });

// Keys tell tiles apart while they move; a URL or a file name may appear twice.
let lastKey = 0;
const newKey = () => `photo-${++lastKey}`;

/** The photos a listing already has, as the picker shows them. */
export const storedPhotos = (urls: readonly string[]): PhotoItem[] =>
  urls.map((url) => ({ key: newKey(), url }));

const sourceOf = (photo: PhotoItem) => ('url' in photo ? photo.url : photo.preview);

/** `photos` with the one at `from` put at `to`, the others keeping their order. */
function moved(photos: readonly PhotoItem[], from: number, to: number): PhotoItem[] {
  const next = [...photos];
  const [photo] = next.splice(from, 1);
  if (photo) next.splice(to, 0, photo);
  return next;
}

const countOf = (count: number) => (count === 1 ? '1 photo' : `${count} photos`);

/**
 * Up to `max` photos in a grid, the first one the cover. The order changes by dragging a tile
 * (mouse) or with each tile's buttons (keyboard, touch screens, screen readers); each change is
 * announced. Chosen files are checked (PNG or JPG, 5 MB) as they are added, and a refused one
 * is named under the field rather than silently left out.
 */
export function PhotoPicker({
  id,
  label,
  max,
  photos,
  onChange,
  error,
  disabled = false,
  inputRef,
}: {
  id: string;
  label: string;
  max: number;
  photos: readonly PhotoItem[];
  onChange: (photos: PhotoItem[]) => void;
  error?: string | undefined;
  disabled?: boolean;
  /** Lets the form focus the file input when the photos need attention. */
  inputRef?: (input: HTMLInputElement | null) => void;
}) {
  const [notice, setNotice] = useState<string>();
  const [announcement, setAnnouncement] = useState('');
  const [draggedKey, setDraggedKey] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const tiles = useRef<HTMLOListElement>(null);
  const removedPlace = useRef<number | null>(null);
  useRevokeDroppedPreviews(photos);
  // A removed tile took the focus with it: it goes to the Remove button now in its place (or
  // the last one), so removing several is a few presses; with no photo left, to the file input.
  useEffect(() => {
    const place = removedPlace.current;
    if (place === null) return;
    removedPlace.current = null;
    const removeButtons = tiles.current?.querySelectorAll<HTMLElement>('[data-remove]') ?? [];
    const target = removeButtons[Math.min(place, removeButtons.length - 1)] ?? fileInput.current;
    target?.focus();
  });

  const change = (next: PhotoItem[], said: string, problem?: string) => {
    setNotice(problem);
    setAnnouncement(said);
    onChange(next);
  };

  const add = (files: File[]) => {
    const room = max - photos.length;
    const refused: string[] = [];
    const acceptable: File[] = [];
    for (const file of files) {
      const problem = imageFileProblem(file);
      if (problem) refused.push(`${problem} (${file.name})`);
      else acceptable.push(file);
    }
    const added = acceptable.slice(0, room);
    const leftOut = acceptable.length - added.length;
    if (leftOut > 0) {
      refused.push(`At most ${max} photos: ${countOf(leftOut)} not added`);
    }
    change(
      [
        ...photos,
        ...added.map((file) => ({ key: newKey(), file, preview: URL.createObjectURL(file) })),
      ],
      `${countOf(added.length)} added`,
      refused.join('. ') || undefined,
    );
  };

  const move = (from: number, to: number) => {
    if (from === to) return;
    change(
      moved(photos, from, to),
      to === 0
        ? `Photo ${from + 1} is now the cover`
        : `Photo ${from + 1} moved to place ${to + 1}`,
    );
  };

  const remove = (index: number) => {
    removedPlace.current = index;
    change(
      photos.filter((_, place) => place !== index),
      `Photo ${index + 1} removed`,
    );
  };

  const full = photos.length >= max;
  const shownError = error ?? notice;
  return (
    <Field id={id} label={label} error={shownError}>
      <input
        ref={(input) => {
          fileInput.current = input;
          inputRef?.(input);
        }}
        type="file"
        multiple
        accept={IMAGE_ACCEPT_ATTRIBUTE}
        className="file-input file-input-bordered w-full"
        disabled={full}
        {...describedBy(id, shownError)}
        aria-describedby={`${id}-hint ${id}-error`}
        onChange={(event) => {
          add(Array.from(event.target.files ?? []));
          // Cleared so the same file can be chosen again after it was removed.
          event.target.value = '';
        }}
      />
      <p id={`${id}-hint`} className="text-base-content/70 mt-1 text-sm">
        {photos.length} of {max} photos.{' '}
        {full
          ? 'Remove one to add another.'
          : `PNG or JPG, up to ${MAX_IMAGE_BYTES / 1024 / 1024} MB each.`}{' '}
        The first is the cover; drag a photo or use its buttons to change the order.
      </p>
      {photos.length > 0 && (
        <ol
          ref={tiles}
          aria-label={`${label} in order`}
          className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
        >
          {photos.map((photo, index) => {
            const place = index + 1;
            const last = index === photos.length - 1;
            return (
              <li
                key={photo.key}
                draggable={!disabled}
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  // Firefox starts a drag only when it carries some data.
                  event.dataTransfer.setData('text/plain', photo.key);
                  setDraggedKey(photo.key);
                }}
                onDragOver={(event) => {
                  if (draggedKey !== null) event.preventDefault();
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  const from = photos.findIndex((dragged) => dragged.key === draggedKey);
                  if (from !== -1) move(from, index);
                  setDraggedKey(null);
                }}
                onDragEnd={() => setDraggedKey(null)}
                className={`bg-base-200 rounded-box overflow-hidden border-2 ${
                  draggedKey === photo.key ? 'border-primary opacity-60' : 'border-transparent'
                } ${disabled ? '' : 'cursor-grab'}`}
              >
                <div className="relative">
                  <img
                    src={sourceOf(photo)}
                    alt={index === 0 ? `Photo ${place}, the cover` : `Photo ${place}`}
                    draggable={false}
                    className="aspect-[4/3] w-full object-cover"
                  />
                  {index === 0 && (
                    <span className="badge badge-primary absolute top-2 left-2">Cover</span>
                  )}
                </div>
                <div className="flex justify-between p-1">
                  <TileButton
                    label={`Move photo ${place} left`}
                    icon={LuChevronLeft}
                    enabled={index > 0}
                    onClick={() => move(index, index - 1)}
                  />
                  <TileButton
                    label={`Make photo ${place} the cover`}
                    icon={LuStar}
                    enabled={index > 0}
                    onClick={() => move(index, 0)}
                  />
                  <TileButton
                    label={`Move photo ${place} right`}
                    icon={LuChevronRight}
                    enabled={!last}
                    onClick={() => move(index, index + 1)}
                  />
                  <TileButton
                    label={`Remove photo ${place}`}
                    icon={LuTrash2}
                    enabled
                    removes
                    onClick={() => remove(index)}
                  />
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </Field>
  );
}

/**
 * A tile's action. One that does not apply (moving the first photo left) is marked rather than
 * disabled: a button disabling itself under the keyboard would drop the focus to the page.
 */
function TileButton({
  label,
  icon: Icon,
  enabled,
  removes = false,
  onClick,
}: {
  label: string;
  icon: IconType;
  enabled: boolean;
  removes?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm btn-square"
      aria-label={label}
      title={label}
      aria-disabled={enabled ? undefined : true}
      data-remove={removes || undefined}
      onClick={() => {
        if (enabled) onClick();
      }}
    >
      <Icon aria-hidden="true" className={enabled ? undefined : 'opacity-30'} />
    </button>
  );
}

/** A preview URL keeps its file in memory until revoked: once its photo is gone, and on unmount. */
function useRevokeDroppedPreviews(photos: readonly PhotoItem[]) {
  const shown = useRef<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const current = new Set(photos.flatMap((photo) => ('preview' in photo ? [photo.preview] : [])));
    for (const preview of shown.current) {
      if (!current.has(preview)) URL.revokeObjectURL(preview);
    }
    shown.current = current;
  }, [photos]);
  useEffect(() => {
    const previews = shown;
    return () => previews.current.forEach((preview) => URL.revokeObjectURL(preview));
  }, []);
}
