import type { User } from '@neura/contract';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../store/app-store';
import { dispatchUser } from '../store/user';
import { AccountStatus, tierLabels } from './account-status';

const user = (isPro: boolean, flags: string[]): User => ({
  email: 'a@b.co',
  firstName: 'A',
  lastName: 'B',
  referralCode: 'R',
  proExpiry: isPro ? '2099-01-01T00:00:00.000Z' : null,
  isPro,
  flags,
  credits: 3,
});

beforeEach(() => useAppStore.setState({ token: 't' }));

describe('AccountStatus', () => {
  it('should name every tier that applies', () => {
    expect(tierLabels(true, true)).toEqual(['Pro', 'Insider']);
    expect(tierLabels(true, false)).toEqual(['Pro']);
    expect(tierLabels(false, true)).toEqual(['Insider']);
    expect(tierLabels(false, false)).toEqual([]);
  });

  it('should show both Pro and Insider for a Pro insider, with the connection status', () => {
    dispatchUser({ type: 'loaded', user: user(true, ['insider']) });
    render(<AccountStatus testIdPrefix="settings-" />);
    expect(screen.getAllByTestId('settings-tier-label').map((l) => l.textContent)).toEqual(['Pro', 'Insider']);
    // No socket in this test: the status says so.
    expect(screen.getByTestId('settings-connection-status').textContent).toBe('Offline');
  });
});
