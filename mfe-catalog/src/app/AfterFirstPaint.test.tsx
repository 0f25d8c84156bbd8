import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { AfterFirstPaint } from './AfterFirstPaint';

describe('AfterFirstPaint', () => {
  it('leaves its children out of the first commit and shows them right after', async () => {
    let inFirstCommit: boolean | null = null;
    function FirstCommitProbe() {
      useLayoutEffect(() => {
        inFirstCommit = document.body.textContent?.includes('Reviews') ?? false;
      }, []);
      return null;
    }
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
