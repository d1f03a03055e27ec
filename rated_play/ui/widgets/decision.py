"""The questions a rated game asks beside the board: resign, leave, offer or claim a draw, offer
or answer a double, and which piece a pawn becomes.

Each asks once, and stands beside the board, never over it: the position, the last move and
both clocks stay in sight while the player decides, as they do on lichess or in Fritz. Where one
answer changes nothing it has the focus, so Enter alone never ends a game or raises its stake;
where none does (a double offered to the player) no answer has the focus, and Enter alone does
nothing at all.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Static

from rated_play.ui.widgets.text_line import show_text


@dataclass(frozen=True)
class Choice:
    """One answer to a question."""

    label: str
    value: str
    """What the question's ``answer`` is called with; also its button's id."""
    keys: str = ""
    """Characters that choose it at once (a promotion's piece letter, in either case)."""
    acts: bool = False
    """The answer that does the irreversible thing: drawn in the warning colour."""


@dataclass(frozen=True, eq=False)
class Question:
    title: str
    text: str
    choices: tuple[Choice, ...]
    answer: Callable[[str], object]
    """Called (and awaited, if it returns an awaitable) with the chosen :attr:`Choice.value`."""
    way_out: str | None = None
    """The answer that changes nothing: Escape gives it, as does a typed character that
    chooses nothing (the player meant to type a move), which then goes on to the move box.
    None where every answer changes something (a double offered to the player): then only a
    chosen answer closes the question."""
    default: str | None = None
    """The answer whose button has the focus, so Enter gives it: the way out unless another
    is named (a promotion's queen). None, and no way out, for a double offered: nothing is
    focused, so the Enter of a move typed as the question came answers nothing."""

    @property
    def focused_answer(self) -> str | None:
        return self.default if self.default is not None else self.way_out


FOCUS_MARK = "▸ "
"""Before the answer Enter presses: the focus read without colour (a monochrome terminal, a
screen reader's text), where reverse video alone said it. On that answer alone: a promotion's
four answers have no room for it on each at 80 columns."""


class AnswerButton(Button):
    """An answer's button, bound to the question it answers: a second press that arrives after
    the question is gone (a double click, a repeated Enter) answers nothing else."""

    def __init__(self, question: Question, choice: Choice) -> None:
        super().__init__(self.marked(choice, focused=False), id=choice.value, compact=True)
        if choice.acts:
            self.variant = "error"
        elif choice.value == question.focused_answer:
            self.variant = "primary"
        self.question = question
        self.choice = choice

    @staticmethod
    def marked(choice: Choice, *, focused: bool) -> str:
        return (FOCUS_MARK if focused else "") + choice.label

    def on_focus(self) -> None:
        self.label = self.marked(self.choice, focused=True)
        self.refresh(layout=True)  # a mark wider: Textual's label alone keeps the old width

    def on_blur(self) -> None:
        self.label = self.marked(self.choice, focused=False)
        self.refresh(layout=True)


class DecisionPanel(Vertical, can_focus=False):
    """Shows the question on top of a stack (a question asked while another waits, such as
    leaving while a double is offered, comes first; the other is shown again after it)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,shift+tab", "app.focus_previous", "Previous", show=False),
        Binding("right", "app.focus_next", "Next", show=False),
    ]

    class Closed(Message):
        """The last question was answered: the panel is hidden."""

    class Typed(Message):
        """A character was typed past a question, which got its way out: it is the start of
        a move, for the move box."""

        def __init__(self, character: str) -> None:
            super().__init__()
            self.character = character

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._questions: list[Question] = []
        self._showing = asyncio.Lock()
        """One change of the buttons at a time: an answer and a new question may overlap."""
        self._clock = ""
        self._note = ""
        self.display = False

    def compose(self) -> ComposeResult:
        yield Static("", id="decision-text", markup=False)
        yield Static("", id="decision-clock", markup=False)
        yield Horizontal(id="decision-choices")

    @property
    def question(self) -> Question | None:
        """The question shown, if any."""
        return self._questions[-1] if self._questions else None

    def waiting(self, question: Question) -> bool:
        """Whether ``question`` is asked and not yet answered."""
        return any(asked is question for asked in self._questions)

    async def ask(self, question: Question) -> None:
        self._questions.append(question)
        await self._show()

    async def clear(self) -> None:
        """Drop every question unanswered: the game is over."""
        self._questions.clear()
        await self._show()

    def show_clock(self, text: str) -> None:
        """Whose clock runs while the player decides (after a note, if one is said)."""
        self._clock = text
        said = f"{self._note}\n{text}" if self._note else text
        show_text(self.query_one("#decision-clock", Static), said)

    def note(self, text: str) -> None:
        """Say ``text`` under the question until it is answered (a key that waits for it)."""
        self._note = text
        self.show_clock(self._clock)

    async def _show(self) -> None:
        async with self._showing:
            question = self.question
            choices = self.query_one("#decision-choices", Horizontal)
            await choices.remove_children()
            if question is None:
                if self.display:
                    self.display = False
                    self.post_message(self.Closed())
                return
            self.display = True
            if self._note:
                self.note("")  # it was said of the question answered
            self.border_title = question.title
            self.query_one("#decision-text", Static).update(question.text)
            buttons = [AnswerButton(question, choice) for choice in question.choices]
            await choices.mount_all(buttons)
            focused = [b for b in buttons if b.choice.value == question.focused_answer]
            if focused:
                focused[0].focus()
            else:
                # No answer is safe: none is focused, so the Enter of a move typed as the
                # question came cannot answer it; Tab or a click chooses.
                self.screen.set_focus(None)

    async def _answer(self, question: Question, value: str, typed: str | None = None) -> None:
        """Answer ``question`` with ``value``; ``typed`` is the character that gave it its way
        out, handed on as the start of a move once nothing else is asked."""
        if question is not self.question:
            return  # a press for a question already answered
        self._questions.pop()
        if typed is not None and self.question is None:
            # To the screen at once, before anything is awaited: the keys typed behind it in
            # the same burst reach the screen after it (posted once the answer was shown, it
            # came after them: Qb3 read b3Q).
            self.screen.post_message(self.Typed(typed))
        await self._show()
        answered = question.answer(value)
        if inspect.isawaitable(answered):
            await answered

    @on(Button.Pressed)
    async def chosen(self, event: Button.Pressed) -> None:
        event.stop()
        button = event.button
        assert isinstance(button, AnswerButton)
        await self._answer(button.question, button.choice.value)

    async def on_key(self, event: events.Key) -> None:
        question = self.question
        if question is None:
            return
        if event.key == "escape":
            # Escape never falls through to the screen (where it would focus the hidden move
            # box): it gives the way out, or does nothing where there is none.
            event.stop()
            if question.way_out is not None:
                await self._answer(question, question.way_out)
            return
        character = event.character
        if not event.is_printable or character is None:
            return  # Enter presses the focused answer; Tab and the arrows move between them
        event.stop()
        event.prevent_default()
        for choice in question.choices:
            if character in choice.keys:
                await self._answer(question, choice.value)
                return
        if question.way_out is not None:
            await self._answer(question, question.way_out, typed=character)


def confirmation(title: str, text: str, *, act: str, then: Callable[[], object]) -> Question:
    """A question whose way out is to play on: ``then`` runs only for the ``act`` answer."""
    return Question(
        title,
        text,
        (Choice("Keep playing", "cancel"), Choice(act, "confirm", acts=True)),
        answer=lambda value: then() if value == "confirm" else None,
        way_out="cancel",
    )
