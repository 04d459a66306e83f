import type { ToolCall } from '@neura/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MediaResult } from '../chat/tools/media-card';
import { ImageGrid } from './image-grid';

/** P3: a picture is never shown larger than its own pixels, and a skill's card says its size. */
const resized = (width: number, height: number): ToolCall => ({
  id: 'call-1',
  skill: 'resize_image',
  status: 'complete',
  input: { imageId: 'file-0', width, height },
  output: { fileId: 'file-1', url: '/api/files/file-1?sig=1', mimeType: 'image/png', width, height },
});

describe('ImageGrid', () => {
  it('should cap each picture at its natural width, keeping its aspect ratio', () => {
    render(
      <ImageGrid
        images={[{ id: 'a', url: '/api/files/a', mimeType: 'image/png', width: 200, height: 150 }]}
        alt={() => 'A picture'}
      />,
    );
    const frame = screen.getByRole('button', { name: 'Open image 1' });
    expect(frame.style.maxWidth).toBe('200px');
    expect(frame.style.aspectRatio).toBe('200 / 150');
    expect(screen.queryByTestId('image-size')).toBeNull();
  });

  it('should leave a picture of unknown size to the grid', () => {
    render(<ImageGrid images={[{ id: 'a', url: '/api/files/a', mimeType: 'image/png' }]} alt={() => 'A picture'} />);
    const frame = screen.getByRole('button', { name: 'Open image 1' });
    expect(frame.style.maxWidth).toBe('');
    expect(screen.queryByTestId('image-size')).toBeNull();
  });
});

describe('MediaResult', () => {
  it('should show a resized image at most at its natural size, with its pixel size', () => {
    render(<MediaResult call={resized(800, 600)} />);
    expect(screen.getByRole('button', { name: 'Open image 1' }).style.maxWidth).toBe('800px');
    expect(screen.getByTestId('image-size').textContent).toBe('800 × 600');
    expect(screen.getByRole('img').getAttribute('alt')).toBe('Resize images result, 800 × 600');
  });

  it('should show nothing for a failed resize', () => {
    const call = { ...resized(80, 60), status: 'failed', output: { error: 'That image is gone.' } } as ToolCall;
    const { container } = render(<MediaResult call={call} />);
    expect(container.innerHTML).toBe('');
  });
});
