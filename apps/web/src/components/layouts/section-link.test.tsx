import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SectionLink } from './section-link';

function LandingProbe() {
  const location = useLocation();
  return <output aria-label="estado">{JSON.stringify(location.state)}</output>;
}

describe('SectionLink', () => {
  it('points at the landing page anchor', () => {
    render(
      <MemoryRouter>
        <SectionLink section="faq">FAQ</SectionLink>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/#faq');
  });

  it('from another route, navigates to / asking the landing page to scroll to the section', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/seguranca']}>
        <Routes>
          <Route path="/seguranca" element={<SectionLink section="faq">FAQ</SectionLink>} />
          <Route path="/" element={<LandingProbe />} />
        </Routes>
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('link', { name: 'FAQ' }));
    expect(screen.getByLabelText('estado')).toHaveTextContent('{"scrollTo":"faq"}');
  });

  it('on the landing page, scrolls smoothly to the section without navigating', async () => {
    const user = userEvent.setup();
    const scrollIntoView = vi.fn();
    render(
      <MemoryRouter initialEntries={['/']}>
        <section
          id="faq"
          ref={(node) => {
            if (node) Object.assign(node, { scrollIntoView });
          }}
        >
          Perguntas
        </section>
        <SectionLink section="faq">FAQ</SectionLink>
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('link', { name: 'FAQ' }));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(window.location.hash).toBe('#faq');
  });
});
