import { beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../api/app-error';
import { useAppStore } from '../store/app-store';
import { useToastStore } from '../ui/toast-store';
import { showSendError } from './send-error';

beforeEach(() => useToastStore.setState({ toasts: [] }));

describe('showSendError', () => {
  it('should offer Buy Credits when credits are insufficient', () => {
    showSendError(new AppError('Not enough credits.', 'credits:insufficient'));
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: 'Warning',
      message: 'Not enough credits.',
      action: { label: 'Buy Credits', to: '/settings/credits' },
    });
  });

  it('should open the subscribe modal when the persona needs Pro', () => {
    useAppStore.setState({ activeModal: null });
    showSendError(new AppError('User does not have a Pro subscription.', 'pro:required'));
    expect(useAppStore.getState().activeModal).toBe('subscribe');
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('should show other failures as an error toast with the server message', () => {
    showSendError(new AppError('A reply is still being written.', 'conflict'));
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: 'Something went wrong',
      message: 'A reply is still being written.',
    });
    expect(useToastStore.getState().toasts[0]?.action).toBeUndefined();
  });
});
