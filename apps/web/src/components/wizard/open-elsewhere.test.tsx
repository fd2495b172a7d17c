import { act, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OpenElsewhereNotice, openElsewhereTexts } from './open-elsewhere';

/** Two wizards of one flow in one test stand for two tabs: they share the BroadcastChannel. */
function Tab({ name, flow }: { name: string; flow: 'PF' | 'PJ' }) {
  return (
    <section aria-label={name}>
      <OpenElsewhereNotice flow={flow} />
    </section>
  );
}

const tab = (name: string) => within(screen.getByRole('region', { name }));

describe('the application open in another tab', () => {
  it('is told in both tabs, politely and without blocking, and forgotten when one closes', async () => {
    const first = render(<Tab name="primeira" flow="PF" />);
    expect(tab('primeira').getByRole('status')).toBeEmptyDOMElement();

    const second = render(<Tab name="segunda" flow="PF" />);
    await waitFor(() =>
      expect(tab('segunda').getByRole('status')).toHaveTextContent(openElsewhereTexts.title),
    );
    await waitFor(() =>
      expect(tab('primeira').getByRole('status')).toHaveTextContent(openElsewhereTexts.description),
    );

    second.unmount();
    await waitFor(() => expect(tab('primeira').getByRole('status')).toBeEmptyDOMElement());
    first.unmount();
  });

  it('says nothing about a tab of the other flow (another application)', async () => {
    const pf = render(<Tab name="pf" flow="PF" />);
    const pj = render(<Tab name="pj" flow="PJ" />);
    // Long enough for an answer to arrive on a shared channel.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(tab('pf').getByRole('status')).toBeEmptyDOMElement();
    expect(tab('pj').getByRole('status')).toBeEmptyDOMElement();
    pf.unmount();
    pj.unmount();
  });
});
