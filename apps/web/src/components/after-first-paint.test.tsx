import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AfterFirstPaint } from './after-first-paint.tsx';

describe('AfterFirstPaint', () => {
  it('shows the fallback for the first paint, then its children', async () => {
    render(
      <AfterFirstPaint fallback={<p>first slide</p>}>
        <p>carousel</p>
      </AfterFirstPaint>,
    );
    expect(screen.getByText('first slide')).toBeTruthy();
    expect(screen.queryByText('carousel')).toBeNull();
    expect(await screen.findByText('carousel')).toBeTruthy();
    expect(screen.queryByText('first slide')).toBeNull();
  });
});
