"""The questions a rated game asks beside the board: resign, leave, offer or claim a draw, offer
or answer a double, and which piece a pawn becomes.

Each asks once, with the safe answer focused, so Enter alone never ends a game or raises its
stake, and it stands beside the board, never over it: the position, the last move and both
clocks stay in sight while the player decides, as they do on lichess or in Fritz.
"""

from __future__ import annotations

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


@dataclass(frozen=True)
class Question:
    title: str
    text: str
    choices: tuple[Choice, ...]
    answer: Callable[[str], object]
    """Called with the chosen :attr:`Choice.value`."""
    safe: int = 0
    """The index of the answer that changes nothing: focused, so Enter alone gives it."""
    escape: str | None = None
    """The answer Escape gives; None where the question must be answered (a double offered
    to the player: it cannot be put off, and neither answer is nothing)."""
    typing_answers_safe: bool = False
    """A typed character gives the safe answer and goes on to the move box: the player meant
    to type a move, not to do this."""


class DecisionPanel(Vertical, can_focus=False):
    """Shows the question on top of a stack (a question asked while another waits, such as
    leaving while a double is offered, comes first; the other is shown again after it)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "escape", "Cancel"),
        Binding("left,shift+tab", "app.focus_previous", "Previous", show=False),
        Binding("right", "app.focus_next", "Next", show=False),
    ]

    class Closed(Message):
        """The last question was answered: the panel is hidden."""

    class Typed(Message):
        """A character was typed while a question that gives way to typing was shown."""

        def __init__(self, character: str) -> None:
            super().__init__()
            self.character = character

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._questions: list[Question] = []
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
        """Drop every question unanswered (the game is over)."""
        self._questions.clear()
        await self._show()

    def show_clock(self, text: str) -> None:
        """Whose clock runs while the player decides."""
        show_text(self.query_one("#decision-clock", Static), text)

    async def _show(self) -> None:
        question = self.question
        was_shown, self.display = self.display, question is not None
        choices = self.query_one("#decision-choices", Horizontal)
        await choices.remove_children()
        if question is None:
            if was_shown:
                self.post_message(self.Closed())
            return
        self.border_title = question.title
        self.query_one("#decision-text", Static).update(question.text)
        buttons = [
            Button(
                choice.label,
                variant="error" if choice.acts else "primary" if i == question.safe else "default",
                compact=True,
                id=choice.value,
            )
            for i, choice in enumerate(question.choices)
        ]
        await choices.mount_all(buttons)
        buttons[question.safe].focus()
        self.refresh_bindings()

    async def _answer(self, value: str) -> None:
        question = self._questions.pop()
        await self._show()
        question.answer(value)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # A question that must be answered (a double offered) has no way out but an answer.
        return action != "escape" or (
            self.question is not None and self.question.escape is not None
        )

    async def action_escape(self) -> None:
        question = self.question
        if question is not None and question.escape is not None:
            await self._answer(question.escape)

    @on(Button.Pressed)
    async def chosen(self, event: Button.Pressed) -> None:
        event.stop()
        assert event.button.id is not None
        await self._answer(event.button.id)

    async def on_key(self, event: events.Key) -> None:
        question = self.question
        if question is None:
            return
        character = event.character
        if not event.is_printable or character is None:
            return  # Enter presses the focused answer; Tab and the arrows move between them
        event.stop()
        event.prevent_default()
        for choice in question.choices:
            if character in choice.keys:
                await self._answer(choice.value)
                return
        if question.typing_answers_safe:
            await self._answer(question.choices[question.safe].value)
            self.post_message(self.Typed(character))


def confirmation(title: str, text: str, *, act: str, then: Callable[[], object]) -> Question:
    """A question whose safe answer is to play on: ``then`` runs only for the ``act`` answer,
    and Escape or a typed character plays on."""
    return Question(
        title,
        text,
        (Choice("Keep playing", "cancel"), Choice(act, "confirm", acts=True)),
        answer=lambda value: then() if value == "confirm" else None,
        escape="cancel",
        typing_answers_safe=True,
    )
