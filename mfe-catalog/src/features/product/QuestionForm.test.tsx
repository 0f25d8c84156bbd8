import { act, fireEvent, render, screen } from '@testing-library/react';
import { FORM_FEEDBACK_MS } from '../../constants';
import { fail, installFakeApi } from '../../test/fakeApi';
import { QUESTION_SUCCESS, QuestionForm } from './QuestionForm';

const QUESTION = 'Is this mug safe to use in a dishwasher, and does the print fade after washing?';

function fill(name: string, email: string, question: string) {
  fireEvent.change(screen.getByLabelText('Your name'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Your question'), { target: { value: question } });
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit Question' }));

describe('ask-question form', () => {
  afterEach(() => jest.useRealTimers());

  it("counts characters as '{n} / 200 Characters only'", () => {
    render(<QuestionForm productId={3} onFinished={jest.fn()} />);
    expect(screen.getByText('0 / 200 Characters only')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Your question'), { target: { value: 'Hello' } });
    expect(screen.getByText('5 / 200 Characters only')).toBeInTheDocument();
  });

  it('asks for name, e-mail and question, each message once, and sends nothing', async () => {
    const backend = installFakeApi({});
    render(<QuestionForm productId={3} onFinished={jest.fn()} />);
    submit();
    expect(await screen.findAllByText('Please enter your name')).toHaveLength(1);
    expect(screen.getAllByText('Please enter your email address')).toHaveLength(1);
    expect(screen.getAllByText('Please enter your question')).toHaveLength(1);
    expect(backend.calls).toHaveLength(0);
  });

  it('keeps a question between 50 and 200 characters', async () => {
    render(<QuestionForm productId={3} onFinished={jest.fn()} />);
    fill('Ann', 'ann@example.com', 'Too short?');
    submit();
    expect(await screen.findByText('Question must have at least 50 characters')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Your question'), { target: { value: 'x'.repeat(201) } });
    expect(await screen.findByText("Question can't be longer than 200 characters")).toBeInTheDocument();
    expect(screen.getByText('201 / 200 Characters only')).toBeInTheDocument();
  });

  it('posts the question, shows success, then resets and closes after 5 s', async () => {
    jest.useFakeTimers();
    const backend = installFakeApi({
      'POST product-questions/create': { status: 201, body: { status: true, data: { item: { id: 1 } } } },
    });
    const onFinished = jest.fn();
    render(<QuestionForm productId={3} onFinished={onFinished} />);
    fill('Ann', 'ann@example.com', QUESTION);
    submit();
    expect(await screen.findByRole('status')).toHaveTextContent(QUESTION_SUCCESS);
    expect(backend.callsTo('POST product-questions/create')[0]?.body).toEqual({
      product_id: 3,
      questioner_name: 'Ann',
      questioner_email: 'ann@example.com',
      question: QUESTION,
    });
    expect(onFinished).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(FORM_FEEDBACK_MS));
    expect(onFinished).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Your question')).toHaveValue('');
  });

  it("shows 'form submission error' and the server's field messages when the post fails", async () => {
    installFakeApi({
      'POST product-questions/create': fail(422, { questioner_email: 'Please enter a valid email address' }),
    });
    render(<QuestionForm productId={3} onFinished={jest.fn()} />);
    fill('Ann', 'ann@example.com', QUESTION);
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('form submission error');
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  });
});
