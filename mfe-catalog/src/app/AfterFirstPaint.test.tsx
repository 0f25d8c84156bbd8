import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { AfterFirstPaint } from './AfterFirstPaint';

let inFirstCommit: boolean | null = null;

/** Notes, at the first commit, whether the deferred text was already in the page. */
function FirstCommitProbe() {
  useLayoutEffect(() => {
    inFirstCommit = document.body.textContent?.includes('Reviews') ?? false;
  }, []);
  return null;
}

describe('AfterFirstPaint', () => {
  it('leaves its children out of the first commit and shows them right after', async () => {
    render(
      <>
        <FirstCommitProbe />
        <AfterFirstPaint>
          <p>Reviews</p>
        </AfterFirstPaint>
      </>,
    );
    expect(await screen.findByText('Reviews')).toBeInTheDocument();
    expect(inFirstCommit).toBe(false);
  });
});
