import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Composer } from './composer';

describe('Composer', () => {
  it('should send on Enter and clear once accepted', async () => {
    const onSend = vi.fn(async () => true);
    render(<Composer streaming={false} onSend={onSend} onStop={() => undefined} />);
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Hello' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('Hello', []);
    await waitFor(() => expect(box.value).toBe(''));
  });

  it('should not send on Shift+Enter', () => {
    const onSend = vi.fn(async () => true);
    render(<Composer streaming={false} onSend={onSend} onStop={() => undefined} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'Hello' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('should keep the text when the send fails', async () => {
    const onSend = vi.fn(async () => false);
    render(<Composer streaming={false} onSend={onSend} onStop={() => undefined} />);
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Keep me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSend).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).not.toHaveProperty('disabled', true));
    expect(box.value).toBe('Keep me');
  });

  it('should show Stop while a reply streams', () => {
    const onStop = vi.fn();
    render(<Composer streaming onSend={async () => true} onStop={onStop} />);
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(onStop).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });
});
