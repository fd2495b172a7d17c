import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { cameraPagePaths } from '@medipay/shared/routes';
import { LandingRoute } from './landing';

/** Whether a click on the link is left to the browser (a document load) rather than the SPA. */
function leftToBrowser(link: HTMLElement): boolean {
  let notPrevented = false;
  // After the SPA's own handler; jsdom cannot load documents, so the load is stopped here.
  const listener = (event: MouseEvent) => {
    notPrevented = !event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('click', listener);
  try {
    fireEvent.click(link);
  } finally {
    window.removeEventListener('click', listener);
  }
  return notPrevented;
}

describe('the landing page', () => {
  it("loads the wizards' documents, which alone allow the camera, instead of routing to them", () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<LandingRoute />} />
          <Route path="*" element={<p>rota do SPA</p>} />
        </Routes>
      </MemoryRouter>,
    );
    const links = screen.getAllByRole('link');
    const toCameraPages = links.filter((link) =>
      cameraPagePaths.includes(link.getAttribute('href') ?? ''),
    );
    // The header's three buttons and the page's three calls to action.
    expect(toCameraPages).toHaveLength(6);
    for (const link of toCameraPages) {
      expect(leftToBrowser(link), link.textContent ?? '').toBe(true);
    }
    // Any other page is routed inside the SPA, as before.
    expect(leftToBrowser(screen.getByRole('link', { name: 'Admin' }))).toBe(false);
    expect(screen.getByText('rota do SPA')).toBeInTheDocument();
  });
});
