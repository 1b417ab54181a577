import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PhotoGallery } from './photo-gallery.tsx';

const photos = ['/api/images/front.jpg', '/api/images/keyboard.jpg', '/api/images/ports.jpg'];

function renderGallery(shown = photos) {
  render(<PhotoGallery photos={shown} productName="ThinkPad T14" />);
  return {
    mainPhoto: () => screen.getByRole('button', { name: /^Enlarge photo/ }),
    shownSource: () =>
      screen.getByRole('button', { name: /^Enlarge photo/ }).querySelector('img')?.src,
  };
}

describe('photo gallery', () => {
  it('moves between photos with the arrow keys, round at either end', () => {
    const { mainPhoto, shownSource } = renderGallery();
    expect(shownSource()).toMatch(/front\.jpg$/);
    mainPhoto().focus();

    fireEvent.keyDown(mainPhoto(), { key: 'ArrowRight' });
    expect(mainPhoto().getAttribute('aria-label')).toBe('Enlarge photo 2 of 3');
    expect(shownSource()).toMatch(/keyboard\.jpg$/);
    expect(screen.getByText('Photo 2 of 3')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Show photo 2 of 3' }).getAttribute('aria-current'),
    ).toBe('true');

    fireEvent.keyDown(mainPhoto(), { key: 'ArrowLeft' });
    fireEvent.keyDown(mainPhoto(), { key: 'ArrowLeft' });
    expect(shownSource()).toMatch(/ports\.jpg$/);
    // Other keys are left to the page.
    fireEvent.keyDown(mainPhoto(), { key: 'ArrowDown' });
    expect(shownSource()).toMatch(/ports\.jpg$/);
  });

  it('shows the photo of a thumbnail, and steps with the arrow buttons', () => {
    const { shownSource } = renderGallery();
    fireEvent.click(screen.getByRole('button', { name: 'Show photo 3 of 3' }));
    expect(shownSource()).toMatch(/ports\.jpg$/);
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(shownSource()).toMatch(/front\.jpg$/);
    fireEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(shownSource()).toMatch(/ports\.jpg$/);
  });

  it('moves on a sideways swipe, and a swipe does not open the full-size view', () => {
    const { mainPhoto, shownSource } = renderGallery();
    fireEvent.pointerDown(mainPhoto(), { clientX: 300, clientY: 100 });
    fireEvent.pointerUp(mainPhoto(), { clientX: 180, clientY: 110 });
    fireEvent.click(mainPhoto());
    expect(shownSource()).toMatch(/keyboard\.jpg$/);
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.pointerDown(mainPhoto(), { clientX: 100, clientY: 100 });
    fireEvent.pointerUp(mainPhoto(), { clientX: 220, clientY: 100 });
    expect(shownSource()).toMatch(/front\.jpg$/);

    // Mostly downwards is the page scrolling, not a swipe.
    fireEvent.pointerDown(mainPhoto(), { clientX: 100, clientY: 100 });
    fireEvent.pointerUp(mainPhoto(), { clientX: 160, clientY: 300 });
    expect(shownSource()).toMatch(/front\.jpg$/);
  });

  it('opens the photo full size in a dialog, and gives focus back when it closes', () => {
    const { mainPhoto } = renderGallery();
    fireEvent.keyDown(mainPhoto(), { key: 'ArrowRight' });
    mainPhoto().focus();
    fireEvent.click(mainPhoto());

    const dialog = screen.getByRole('dialog', { name: 'ThinkPad T14, photo 2 of 3' });
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe(photos[1]);
    // The arrow keys go on working in the dialog.
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Close' }), {
      key: 'ArrowRight',
    });
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe(photos[2]);

    // What the browser does on Escape: the modal dialog closes.
    fireEvent(dialog, new Event('close'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(mainPhoto());
    expect(mainPhoto().getAttribute('aria-label')).toBe('Enlarge photo 3 of 3');

    fireEvent.click(mainPhoto());
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(mainPhoto());
  });

  it('offers no thumbnails or steps for a single photo', () => {
    renderGallery(['/api/images/front.jpg']);
    expect(screen.getByRole('button', { name: 'Enlarge photo 1 of 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next photo' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'All photos' })).toBeNull();
  });
});
