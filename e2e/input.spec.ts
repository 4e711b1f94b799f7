import { test, expect } from './fixtures';

const kBad: Array<[string, RegExp]> = [
  ['0', /at least 1/],
  ['-3', /at least 1/],
  ['2.5', /whole number/],
  ['abc', /not a number/],
  ['', /required/],
  ['99999999999', /far too large/],
];

for (const field of ['m', 'k', 'n'] as const) {
  test(`bad ${field.toUpperCase()} gets a message next to the input and never runs`, async ({ app }) => {
    await app.open('?m=4&k=4&n=4&tile=2');
    for (const [value, message] of kBad) {
      await test.step(`${field} = "${value}"`, async () => {
        await app.page.getByTestId(`input-${field}`).fill(value);
        await expect(app.page.getByTestId(`input-${field}-error`)).toContainText(message);
        await expect(app.page.getByTestId(`input-${field}`)).toHaveAttribute('aria-invalid', 'true');
        await app.page.getByTestId('run-both').click();
        await expect(app.page.getByTestId('error-message')).toContainText(message);
        // Nothing ran: the cards still say "not run yet", with no status.
        for (const id of ['naive', 'tiled'] as const) {
          await expect(app.result(id)).not.toHaveAttribute('data-status', /.*/);
          await expect(app.result(id)).toContainText('Not run yet');
        }
      });
    }
  });
}

test('a tile width that is not offered, from a link, is refused', async ({ app }) => {
  await app.open('?m=4&k=4&n=4&tile=3');
  await expect(app.page.getByTestId('error-message')).toContainText('Tile width must be one of 2, 4, 8, 16, 32');
  await app.page.getByTestId('run-tiled').click();
  await expect(app.result('tiled')).not.toHaveAttribute('data-status', /.*/);
});

test('buffers beyond the adapter limits are refused before anything is allocated', async ({ app }) => {
  await app.open('?m=65536&k=16&n=65536&tile=16');
  await expect(app.page.getByTestId('error-message')).toContainText(/Matrix C \(M×N = 65536×65536\) needs 16,384 MiB; this GPU’s max\w+ is/);
  await app.page.getByTestId('run-both').click();
  await expect(app.result('naive')).not.toHaveAttribute('data-status', /.*/);
});

test('a dispatch beyond maxComputeWorkgroupsPerDimension is refused', async ({ app }) => {
  await app.open('?m=1&k=1&n=300000&tile=2');
  await expect(app.page.getByTestId('error-message')).toContainText(/N = 300000 needs 150000 workgroups across for the tiled kernel; this GPU allows \d+ per dimension/);
  await app.page.getByTestId('run-tiled').click();
  await expect(app.result('tiled')).not.toHaveAttribute('data-status', /.*/);
});

test('a refused run leaves the previous result and its configuration untouched', async ({ app }) => {
  await app.open('?m=5&k=6&n=7&tile=4');
  await app.run('run-tiled');
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'verified');
  const runBefore = await app.result('tiled').getAttribute('data-run');
  await app.page.getByTestId('input-k').fill('-1');
  await app.page.getByTestId('run-tiled').click();
  await expect(app.page.getByTestId('error-message')).toBeVisible();
  await expect(app.result('tiled')).toHaveAttribute('data-run', runBefore!);
  await expect(app.result('tiled')).toHaveAttribute('data-shape', '5x6x7');
});
