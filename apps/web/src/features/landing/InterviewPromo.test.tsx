import { act, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { mockFetch, serverConfig } from "@/test/render";
import { InterviewPromo } from "./InterviewPromo";

const BOOKING_PAGE = "https://calendly.com/focus-flow/interview";
/** Lets the promo's request answer and its state update land: only for what must not appear (what should, the test waits for). */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)));
const bookingLink = () => screen.getByRole("link", { name: /Book your interview/ });

beforeEach(() => window.localStorage.clear());

describe("interview promo booking link", () => {
  it("opens the server's INTERVIEW_URL (GET /api/config) in a new tab", async () => {
    const fetchMock = mockFetch(serverConfig({ interviewUrl: BOOKING_PAGE }));
    render(<InterviewPromo />);
    await waitFor(() => expect(bookingLink().getAttribute("href")).toBe(BOOKING_PAGE));
    expect(bookingLink().getAttribute("target")).toBe("_blank");
    expect(bookingLink().getAttribute("rel")).toBe("noopener noreferrer");
    expect(bookingLink().textContent).toContain("(opens in a new tab)");
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(["/api/config"]);
  });

  it("writes to the server's SUPPORT_EMAIL when the server has no INTERVIEW_URL", async () => {
    const fetchMock = mockFetch(serverConfig({ interviewUrl: null, supportEmail: "help@focus.example" }));
    render(<InterviewPromo />);
    await waitFor(() => expect(bookingLink().getAttribute("href")).toMatch(/^mailto:help@focus\.example\?subject=Focus%20Flow%20interview/));
    expect(fetchMock).toHaveBeenCalled();
    expect(bookingLink().getAttribute("target")).toBeNull();
  });

  it("shows no card while the server cannot be asked (nowhere to book), and ignores a link that is not http(s)", async () => {
    mockFetch({ "GET /api/config": { status: 503, body: { message: "Server is busy" } } });
    const first = render(<InterviewPromo />);
    await settle();
    expect(screen.queryByRole("heading", { name: "Get 3 months of Premium free" })).toBeNull();
    first.unmount();

    mockFetch(serverConfig({ interviewUrl: "javascript:alert(1)" }));
    render(<InterviewPromo />);
    await waitFor(() => expect(bookingLink().getAttribute("href")).toMatch(/^mailto:/));
  });

  it("does not ask the server once the promo was dismissed", () => {
    window.localStorage.setItem("calendly-interview-dismissed", "true");
    const fetchMock = mockFetch({});
    render(<InterviewPromo />);
    expect(screen.queryByRole("heading", { name: "Get 3 months of Premium free" })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
